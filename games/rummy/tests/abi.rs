//! Plays Rummy through the real C ABI table, as the launcher does, and
//! checks what a player sees: the labelled regions (every card a screen
//! reader names), the status line, the outcome. Your side is played by
//! the computer player's own strategy; its moves are made with the pointer
//! (drags, clicks on the deck and the discard pile, double clicks on a
//! card) and the keys, found by the regions' labels. The computer's turns
//! are shown on `Tick` events the test sends, and checked against the
//! rules played alongside.

use cards::Card;
use game_api::host::GameInstance;
use game_api::{Button, Event, GameResult, Modifiers, Point, Region};
use game_test::play::{click, drag, send};
use rummy::rules::{Move, Phase, Rummy, Winner, YOU, choose_discard, wants_card};

fn start() -> GameInstance {
    game_test::play::start(&rummy::GAME_TABLE)
}

fn labelled(game: &mut GameInstance, what: &str) -> Region {
    let regions = game.regions().unwrap();
    regions
        .iter()
        .find(|r| r.label.contains(what))
        .cloned()
        .unwrap_or_else(|| {
            let all: Vec<&str> = regions.iter().map(|r| r.label.as_str()).collect();
            panic!("no region for {what}: {all:?}")
        })
}

fn your_card(game: &mut GameInstance, card: Card) -> Region {
    labelled(game, &format!("{}, face up, top of your hand", card.name()))
}

fn state(game: &mut GameInstance) -> Rummy {
    let bytes = game.save().unwrap();
    rummy::save::read(&bytes)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&bytes)))
        .game
}

fn double_click(game: &mut GameInstance, at: Point) {
    click(game, at);
    click(game, at);
    send(
        game,
        Event::DoubleClick {
            pos: at,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        },
    );
}

/// Your side's draw: the computer player's choice for your hand.
fn draw_choice(g: &Rummy) -> Move {
    let top = g.top_discard().unwrap();
    let gone = &g.discards[..g.discards.len() - 1];
    if wants_card(&g.hands[YOU], top, gone) {
        Move::DrawDiscard
    } else {
        Move::DrawStock
    }
}

/// The rules after `mv` and the computer's turn, if it follows.
fn after(g: &Rummy, mv: Move) -> Rummy {
    let mut g = g.clone();
    g.play(mv).unwrap();
    while g.computer_to_play() {
        g.computer_step().unwrap();
    }
    g
}

/// Who wins the deal `seed` with your side played by the strategy, within
/// `turns` turns, at the rules' level.
fn winner(seed: u64, turns: u32) -> Option<Winner> {
    let mut g = Rummy::deal(seed);
    if g.over() {
        return None; // Dealt gin: not a game to play.
    }
    while !g.over() && g.turns < turns {
        g = after(&g, draw_choice(&g));
        let out = choose_discard(&g.hands[YOU], &g.discards);
        g = after(&g, Move::Discard(out));
    }
    g.winner()
}

fn watch_computer(game: &mut GameInstance) -> usize {
    for seen in 0..1000 {
        let status = game.status().unwrap();
        if !status.ends_with("The opponent's turn. (Click to see it at once.)") {
            return seen;
        }
        send(game, Event::Tick { dt: 0.25 });
    }
    panic!("the computer's turn is still being shown after 1000 ticks");
}

fn play_out(game: &mut GameInstance, seed: u64) -> Rummy {
    game.start_from_game_id(&seed.to_string()).unwrap();
    assert_eq!(game.game_id().unwrap(), seed.to_string());
    let mut expected = Rummy::deal(seed);
    assert_eq!(state(game), expected);
    let mut turn = 0;
    let mut watched = 0;
    while game.outcome().unwrap().result == GameResult::Playing {
        turn += 1;
        assert!(turn < 500, "the game does not end");
        let status = game.status().unwrap();
        assert!(
            status.contains("Your turn. (Draw a card or pick up a discard.)"),
            "{status}"
        );
        let in_melds: usize = rummy::melds::meld_size(&expected.hands[YOU]);
        assert!(
            status.ends_with(&format!("{in_melds} of your 10 cards are in melds.")),
            "{status}"
        );
        // The draw: by drag or by click.
        let mv = draw_choice(&expected);
        let from = match mv {
            Move::DrawStock => labelled(game, "top of deck").center(),
            _ => labelled(game, "top of discard pile").center(),
        };
        if turn % 2 == 0 {
            click(game, from);
        } else {
            let to = labelled(game, "top of your hand").center();
            drag(game, from, to);
        }
        expected = after(&expected, mv);
        assert_eq!(state(game), expected);
        assert!(
            game.status()
                .unwrap()
                .ends_with("Drag a card from your hand to discard."),
        );
        // The discard: by drag or by double click.
        let out = choose_discard(&expected.hands[YOU], &expected.discards);
        let at = your_card(game, out).center();
        if turn % 3 == 0 {
            double_click(game, at);
        } else {
            // The discard pile: its top card, or its place when you took
            // its only card.
            let pile = labelled(game, "discard pile").center();
            drag(game, at, pile);
        }
        expected = after(&expected, Move::Discard(out));
        assert_eq!(state(game), expected);
        watched += watch_computer(game);
        let top = format!(
            "{}, face up, top of discard pile",
            expected.top_discard().unwrap().name()
        );
        labelled(game, &top);
    }
    assert!(watched > 0, "the computer's turns were shown");
    expected
}

#[test]
fn a_whole_game_is_won_with_drags_clicks_and_double_clicks() {
    let seed = (1..=60)
        .find(|&s| winner(s, 200) == Some(Winner::You))
        .expect("the strategy wins one of sixty deals");
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    assert_eq!(game.title().unwrap(), "Rummy");
    let end = play_out(&mut game, seed);
    assert_eq!(end.winner(), Some(Winner::You));
    assert!(rummy::melds::is_rummy(&end.hands[YOU]));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(i64::from(end.turns)));
    assert!(game.score_kind().unwrap().lower_is_better);
    let status = game.status().unwrap();
    assert!(status.ends_with("Game over. You win."), "{status}");
    // Every card of your hand is in a meld, and the opponent's show.
    let regions = game.regions().unwrap();
    let yours = regions
        .iter()
        .filter(|r| r.label.contains("top of your hand"))
        .count();
    let melded = regions
        .iter()
        .filter(|r| r.label.contains("top of your hand, in meld "))
        .count();
    assert_eq!((yours, melded), (10, 10));
    assert!(
        !regions
            .iter()
            .any(|r| r.label.starts_with("face down") && r.label.contains("opponent's hand"))
    );
}

#[test]
fn a_whole_game_is_lost_to_the_computer() {
    let seed = (1..=60)
        .find(|&s| winner(s, 200) == Some(Winner::Computer))
        .expect("the computer wins one of sixty deals");
    let mut game = start();
    game.layout(Point::new(900.0, 640.0)).unwrap();
    let end = play_out(&mut game, seed);
    assert_eq!(end.winner(), Some(Winner::Computer));
    assert_eq!(game.outcome().unwrap().result, GameResult::Lost);
    let status = game.status().unwrap();
    assert!(status.ends_with("Game over. Opponent wins."), "{status}");
}

#[test]
fn drawing_and_discarding_with_the_keys_and_undoing() {
    let seed = (1..100).find(|&s| !Rummy::deal(s).over()).unwrap();
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    game.start_from_game_id(&seed.to_string()).unwrap();
    let before = game.save().unwrap();
    let g = state(&mut game);
    // Tab to the deck, Enter to pick its card up, Tab to your hand, Enter.
    for _ in 0..30 {
        if game
            .status()
            .unwrap()
            .contains("(at face down, top of deck,")
        {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    send(&mut game, Event::key("Enter"));
    assert!(game.status().unwrap().contains("(holding "));
    for _ in 0..30 {
        if game.status().unwrap().contains("top of your hand") {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    send(&mut game, Event::key("Enter"));
    let drawn = after(&g, Move::DrawStock);
    assert_eq!(state(&mut game), drawn);
    // A card of your hand to the discard pile.
    for _ in 0..30 {
        if game.status().unwrap().contains("top of your hand") {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    send(&mut game, Event::key("Enter"));
    for _ in 0..30 {
        if game.status().unwrap().contains("top of discard pile)") {
            break;
        }
        send(&mut game, Event::key("Tab"));
    }
    send(&mut game, Event::key("Enter"));
    let now = state(&mut game);
    assert!(
        matches!(now.phase, Phase::Draw | Phase::Over { .. }),
        "{:?}",
        now.phase
    );
    assert_eq!(now.hands[YOU].len(), 10);
    // Space shows the computer's turn at once.
    send(&mut game, Event::key("Space"));
    assert!(
        !game
            .status()
            .unwrap()
            .contains("(Click to see it at once.)")
    );
    game.load(&before).unwrap();
    assert_eq!(state(&mut game), g);
}

#[test]
fn a_refused_drop_says_why_and_changes_nothing() {
    let seed = (1..100).find(|&s| !Rummy::deal(s).over()).unwrap();
    let mut game = start();
    game.layout(Point::new(1000.0, 700.0)).unwrap();
    game.start_from_game_id(&seed.to_string()).unwrap();
    let g = state(&mut game);
    // Your card cannot be picked up before you draw: the drag is a click.
    let card = g.hands[YOU][0];
    let from = your_card(&mut game, card).center();
    let to = labelled(&mut game, "top of discard pile").center();
    drag(&mut game, from, to);
    assert_eq!(state(&mut game), g);
    let status = game.status().unwrap();
    assert!(status.starts_with("Your turn. "), "{status}");
    // The deck's card dropped on the discard pile goes back.
    let deck = labelled(&mut game, "top of deck").center();
    drag(&mut game, deck, to);
    assert_eq!(state(&mut game), g);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Drag the card onto your hand. "),
        "{status}"
    );
    assert!(game.start_from_game_id("seven").is_err());
}
