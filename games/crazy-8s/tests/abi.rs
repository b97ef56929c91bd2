//! Plays Crazy 8s through the real C ABI table, as the launcher does, and
//! checks what a player sees: cards and buttons by their region labels
//! (what a screen reader reads), the status line saying whose turn it is,
//! the outcome. Your side is a simple player whose moves are clicks (or
//! drags) on the regions; the opponents play on the ticks the test sends.

mod common;
use common::choose;

use cards::{Card, Suit};
use crazy_8s::game::OPPONENT_SECONDS;
use crazy_8s::rules::{Action, Crazy8s, Ending, Options, Turn};
use game_api::host::{GameInstance, GameLibrary, Recorder};
use game_api::{Event, GameResult, Point, Region};
use game_test::play::{click, drag, labels, region, send};

fn start() -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    let mut game = GameLibrary::from_static(&crazy_8s::GAME_TABLE)
        .expect("the game speaks this launcher's ABI")
        .start(Box::new(recorder.clone()))
        .expect("the game starts");
    game.layout(Point::new(1000.0, 650.0)).unwrap();
    (game, recorder)
}

/// The region of a card of your hand, by its name.
fn your_card(game: &mut GameInstance, c: Card) -> Region {
    let name = format!("{}, face up, ", c.name());
    region(game, |l| l.starts_with(&name) && l.contains("your hand"))
        .unwrap_or_else(|| panic!("no {name} in your hand: {:?}", labels(game)))
}

fn deck(game: &mut GameInstance) -> Region {
    region(game, |l| l.contains("top of deck")).expect("the deck")
}

fn button(game: &mut GameInstance, label: &str) -> Region {
    let want = format!("{label} button");
    region(game, |l| l == want).unwrap_or_else(|| panic!("no {want}: {:?}", labels(game)))
}

/// The game, read back from its save.
fn state(game: &mut GameInstance) -> Crazy8s {
    crazy_8s::save::read(&game.save().unwrap()).unwrap()
}

/// Plays a game at the rules' level with the simple player; how it ended.
fn ending(options: Options, seed: u64) -> Ending {
    let mut g = Crazy8s::deal(options, seed);
    for _ in 0..2000 {
        if let Turn::Over(e) = g.turn {
            return e;
        }
        g.play(choose(&g)).unwrap();
    }
    panic!("a game ends within 2000 actions");
}

/// Plays the game in `game` to its end as a player would: clicks (or drags,
/// when `by_drag`), and ticks while the opponents play.
fn play_out(game: &mut GameInstance, by_drag: bool) -> Crazy8s {
    let mut expected = state(game);
    let mut actions = 0;
    while !expected.is_over() {
        let a = choose(&expected);
        match a {
            Action::Discard(c) => {
                let status = game.status().unwrap();
                assert!(status.contains("Your turn - discard "), "{status}");
                let card = your_card(game, c).center();
                if by_drag {
                    let pile = region(game, |l| l.contains("top of discard pile")).unwrap();
                    drag(game, card, pile.center());
                } else {
                    click(game, card);
                }
            }
            Action::Draw => {
                let d = deck(game).center();
                if by_drag {
                    let hand = your_card(game, expected.hands[0][0]).center();
                    drag(game, d, hand);
                } else {
                    click(game, d);
                }
            }
            Action::Pass => {
                let p = button(game, "Pass").center();
                click(game, p);
            }
            Action::ChooseSuit(s) => {
                let status = game.status().unwrap();
                assert!(status.starts_with("Pick a suit for your 8."), "{status}");
                let name = format!("{}{}", s.name()[..1].to_uppercase(), &s.name()[1..]);
                let b = button(game, &name).center();
                click(game, b);
            }
            Action::Opponent => {
                let Turn::Opponent(n) = expected.turn else {
                    unreachable!()
                };
                let status = game.status().unwrap();
                assert!(status.contains("'s turn..."), "{status}");
                if expected.options.opponents > 1 {
                    assert!(
                        status.starts_with(&format!("Opponent {n}'s turn...")),
                        "{status}"
                    );
                }
                // Half the wait: nothing yet; the other half: the turn.
                send(
                    game,
                    Event::Tick {
                        dt: OPPONENT_SECONDS / 2.0,
                    },
                );
                assert_eq!(state(game), expected);
                send(
                    game,
                    Event::Tick {
                        dt: OPPONENT_SECONDS / 2.0,
                    },
                );
            }
        }
        expected.play(a).unwrap();
        assert_eq!(state(game), expected, "after {a:?}");
        actions += 1;
        assert!(actions < 2000);
    }
    expected
}

#[test]
fn a_won_game_by_clicks_with_two_opponents_playing_on_ticks() {
    let options = Options::ALL[2];
    let seed = (1..200)
        .find(|&s| ending(options, s) == Ending::YouWin)
        .expect("the simple player wins one of 200 deals");
    let (mut game, _) = start();
    game.start_from_game_id(&format!("2x7:{seed}")).unwrap();
    assert_eq!(game.title().unwrap(), "Crazy 8s");
    let opening = labels(&mut game);
    assert_eq!(
        opening.iter().filter(|l| l.contains("your hand")).count(),
        7
    );
    assert!(
        opening
            .iter()
            .any(|l| l == "face down, top of opponent 1's hand")
    );
    assert!(
        opening
            .iter()
            .any(|l| l == "face down, top of opponent 2's hand")
    );
    assert!(
        opening
            .iter()
            .any(|l| l == "face down, top of deck, 30 cards")
    );
    let end = play_out(&mut game, false);
    assert_eq!(end.turn, Turn::Over(Ending::YouWin));
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    assert!(game.status().unwrap().starts_with("Game over - you win!"));
    // The opponents' cards show at the end; New Game is on the table.
    assert!(
        labels(&mut game)
            .iter()
            .any(|l| l.contains(", face up, top of opponent 1's hand"))
    );
    button(&mut game, "New Game");
}

#[test]
fn a_lost_game_by_drags_against_one_opponent() {
    let options = Options::ALL[0];
    let seed = (1..200)
        .find(|&s| matches!(ending(options, s), Ending::OpponentWins(_)))
        .expect("the opponent wins one of 200 deals");
    let (mut game, recorder) = start();
    game.invoke_action("mode", "Drag").unwrap();
    game.start_from_game_id(&format!("1x10:{seed}")).unwrap();
    assert_eq!(
        labels(&mut game)
            .iter()
            .filter(|l| l.contains("your hand"))
            .count(),
        10
    );
    // A click does nothing in drag mode but say how to play.
    let first = state(&mut game).hands[0][0];
    let at = your_card(&mut game, first).center();
    click(&mut game, at);
    assert!(game.status().unwrap().starts_with("Drag a card to play it"));
    let end = play_out(&mut game, true);
    assert!(matches!(end.turn, Turn::Over(Ending::OpponentWins(1))));
    assert_eq!(game.outcome().unwrap().result, GameResult::Lost);
    assert!(
        game.status()
            .unwrap()
            .starts_with("Game over - opponent wins.")
    );
    let b = button(&mut game, "New Game").center();
    click(&mut game, b);
    assert_eq!(recorder.last().as_deref(), Some("new game"));
}

#[test]
fn an_8_brings_the_suit_panel_and_the_suit_chosen_is_matched() {
    // A deal where your opening hand holds an 8.
    let seed = (1..200)
        .find(|&s| {
            let g = Crazy8s::deal(Options::DEFAULT, s);
            g.hands[0].iter().any(|c| c.rank.value() == 8)
        })
        .unwrap();
    let (mut game, _) = start();
    game.start_from_game_id(&format!("1x7:{seed}")).unwrap();
    let eight = state(&mut game).hands[0]
        .iter()
        .copied()
        .find(|c| c.rank.value() == 8)
        .unwrap();
    let at = your_card(&mut game, eight).center();
    click(&mut game, at);
    let l = labels(&mut game);
    for s in ["Hearts", "Spades", "Clubs", "Diamonds"] {
        assert!(l.contains(&format!("{s} button")), "{l:?}");
    }
    assert!(
        game.status()
            .unwrap()
            .starts_with("Pick a suit for your 8.")
    );
    let d = deck(&mut game).center();
    click(&mut game, d);
    assert_eq!(
        state(&mut game).turn,
        Turn::PickSuit,
        "no draw before the suit"
    );
    let b = button(&mut game, "Clubs").center();
    click(&mut game, b);
    let g = state(&mut game);
    assert_eq!(g.suit, Suit::Clubs);
    assert_eq!(g.turn, Turn::Opponent(1));
    assert!(game.status().unwrap().starts_with("Opponent's turn..."));
    assert!(!labels(&mut game).iter().any(|l| l == "Clubs button"));
}

#[test]
fn pass_is_offered_when_the_deck_is_empty() {
    // Draw the whole deck at the rules' level, then load that game.
    let mut g = Crazy8s::deal(Options::DEFAULT, 11);
    while !g.deck.is_empty() {
        g.play(Action::Draw).unwrap();
    }
    let (mut game, _) = start();
    game.load(&crazy_8s::save::write(&g)).unwrap();
    let status = game.status().unwrap();
    assert!(status.contains(", or else pass."), "{status}");
    let actions = game.actions().unwrap();
    let pass = actions.iter().find(|a| a.id == "pass").unwrap();
    let draw = actions.iter().find(|a| a.id == "draw").unwrap();
    assert!(pass.enabled && !draw.enabled);
    assert!(region(&mut game, |l| l == "deck, empty").is_some());
    let b = button(&mut game, "Pass").center();
    click(&mut game, b);
    assert_eq!(state(&mut game).turn, Turn::Opponent(1));
    assert!(game.invoke_action("draw", "").is_err());
}

#[test]
fn keys_walk_to_a_card_of_your_hand_and_discard_it() {
    // A deal whose opening hand holds a card that goes.
    let seed = (1..200)
        .find(|&s| {
            let g = Crazy8s::deal(Options::DEFAULT, s);
            g.can_discard(0)
        })
        .unwrap();
    let (mut game, _) = start();
    game.start_from_game_id(&format!("1x7:{seed}")).unwrap();
    let g = state(&mut game);
    for _ in 0..20 {
        if game.status().unwrap().contains("top of your hand") {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    assert!(game.status().unwrap().contains("top of your hand"));
    // Up the hand to a card that is not greyed.
    let mut at = None;
    for _ in 0..8 {
        let status = game.status().unwrap();
        let here = g.hands[0]
            .iter()
            .copied()
            .find(|c| status.contains(&format!("(at {}, face up,", c.name())));
        if let Some(c) = here
            && g.playable(c)
        {
            assert!(!status.ends_with("dimmed)"), "{status}");
            at = Some(c);
            break;
        }
        send(&mut game, Event::key("ArrowUp"));
    }
    let card = at.expect("the cursor reaches a card that goes");
    send(&mut game, Event::key("Enter"));
    let after = state(&mut game);
    assert_eq!(after.top(), card);
    assert_eq!(after.log, [Action::Discard(card)]);
}

#[test]
fn while_an_opponent_only_waits_ticks_come_a_tenth_of_a_second_apart_and_draw_nothing() {
    let (mut game, recorder) = start();
    game.start_from_game_id("1x7:4").unwrap();
    // Your moves, by clicks, until the opponent is to play.
    loop {
        let g = state(&mut game);
        let at = match choose(&g) {
            Action::Discard(c) => your_card(&mut game, c).center(),
            Action::Draw => deck(&mut game).center(),
            Action::Pass => button(&mut game, "Pass").center(),
            Action::ChooseSuit(s) => {
                let name = format!("{}{}", s.name()[..1].to_uppercase(), &s.name()[1..]);
                button(&mut game, &name).center()
            }
            Action::Opponent => break,
        };
        click(&mut game, at);
    }
    // Your card slides: ticks come a step of the slide apart (the
    // original's 0.3 s over five steps) while it does.
    assert_eq!(recorder.last().as_deref(), Some("tick 0.06"));
    let before = state(&mut game);
    assert!(game.handle_event(&Event::Tick { dt: 0.3 }).unwrap().redraw);
    // It has landed; the opponent waits out the rest of its turn.
    assert_eq!(recorder.last().as_deref(), Some("tick 0.1"));
    let waiting = game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    assert!(!waiting.redraw, "nothing changed on screen");
    assert_eq!(state(&mut game), before);
    // Its 0.6 s have passed: it plays, and its card slides.
    assert!(game.handle_event(&Event::Tick { dt: 0.2 }).unwrap().redraw);
    assert_ne!(state(&mut game), before);
    assert_eq!(recorder.last().as_deref(), Some("tick 0.06"));
}
