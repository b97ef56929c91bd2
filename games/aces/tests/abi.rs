//! Plays Aces through the real C ABI table, as the launcher does, and
//! checks what a player sees: the labelled regions (every card a screen
//! reader names), the status line, the outcome. The player's side is the
//! crate's simple player; its moves are made with the pointer (clicks as
//! in the original, and drags) and the keys, found by the regions' labels.
//! Animations run on `Tick` events the test sends.

use aces::rules::{Aces, End, Move, STACKS, play_out, simple_move};
use game_api::host::{GameInstance, Recorder};
use game_api::{Event, GameResult, Point, Region};
use game_test::play::{click, drag, region, send};

fn start_recorded() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&aces::GAME_TABLE)
}

fn start() -> GameInstance {
    game_test::play::start(&aces::GAME_TABLE)
}

/// The top card of stack `s` (0-based), or its empty place.
fn stack_region(game: &mut GameInstance, s: usize) -> Region {
    let top = format!("top of stack {}", s + 1);
    let empty = format!("stack {}, empty", s + 1);
    region(game, |l| l.ends_with(&top) || l == empty)
        .unwrap_or_else(|| panic!("no region for stack {}", s + 1))
}

fn deck_region(game: &mut GameInstance) -> Region {
    region(game, |l| l.contains("top of deck") || l == "deck, empty").unwrap()
}

fn removed_region(game: &mut GameInstance) -> Region {
    region(game, |l| {
        l.contains("top of removed cards") || l == "removed cards, empty"
    })
    .unwrap()
}

/// The rules' state, read back from the game's save.
fn state(game: &mut GameInstance) -> Aces {
    aces::save::read(&game.save().unwrap()).unwrap().game
}

/// The first deal (from 1) the simple player ends as `end`.
fn seed_ending(end: End) -> u64 {
    (1..=500)
        .find(|&seed| play_out(&mut Aces::deal(seed), 1000) == Some(end))
        .expect("a deal that ends so")
}

/// Plays the game to its end with the simple player, each move made by
/// the pointer or the keys in turn; the moves made.
fn play_to_the_end(game: &mut GameInstance) -> usize {
    let mut expected = state(game);
    let mut made = 0;
    while game.outcome().unwrap().result == GameResult::Playing {
        let mv = simple_move(&expected).expect("a move while playing");
        let way = made % 3;
        match mv {
            Move::Deal if way == 2 => {
                // The keys: Left from the deck wraps round to the removed
                // pile, Right comes back to the deck; Enter deals.
                send(game, Event::key("ArrowLeft"));
                send(game, Event::key("ArrowRight"));
                let status = game.status().unwrap();
                assert!(
                    status.ends_with(" top of deck)")
                        || status.contains("(at face down, top of deck"),
                    "{status}"
                );
                send(game, Event::key("Enter"));
            }
            Move::Deal => {
                let at = deck_region(game).center();
                click(game, at);
            }
            Move::Remove(s) if way == 1 => {
                let from = stack_region(game, s).center();
                let to = removed_region(game).center();
                drag(game, from, to);
            }
            Move::ToEmpty { from, to } if way == 1 || expected.first_empty() != Some(to) => {
                let a = stack_region(game, from).center();
                let b = stack_region(game, to).center();
                drag(game, a, b);
            }
            Move::Remove(s) | Move::ToEmpty { from: s, .. } => {
                assert_eq!(expected.click(s), Some(mv));
                {
                    let at = stack_region(game, s).center();
                    click(game, at)
                };
            }
        }
        expected.play(mv).unwrap();
        made += 1;
        assert_eq!(state(game), expected, "after {mv:?}");
        for _ in 0..20 {
            send(game, Event::Tick { dt: 0.016 });
        }
        assert!(made < 1000);
    }
    made
}

#[test]
fn a_whole_game_is_won_with_clicks_drags_and_deals() {
    let seed = seed_ending(End::Won);
    let (mut game, recorder) = start_recorded();
    let canvas = Point::new(900.0, 650.0);
    game.layout(canvas).unwrap();
    game.start_from_game_id(&seed.to_string()).unwrap();
    assert_eq!(game.game_id().unwrap(), seed.to_string());
    assert_eq!(game.title().unwrap(), "Aces");
    let status = game.status().unwrap();
    assert!(
        status.starts_with("48 cards in the deck, 0 removed. Click a card"),
        "{status}"
    );
    // Four cards face up, one on each stack, the deck of 48 face down.
    let regions = game.regions().unwrap();
    for s in 1..=STACKS {
        let n = regions
            .iter()
            .filter(|r| r.label.ends_with(&format!(", face up, top of stack {s}")))
            .count();
        assert_eq!(n, 1, "stack {s}");
    }
    assert!(
        regions
            .iter()
            .any(|r| r.label == "face down, top of deck, 48 cards")
    );
    assert!(regions.iter().any(|r| r.label == "removed cards, empty"));
    let made = play_to_the_end(&mut game);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, None, "the original keeps no score");
    assert_eq!(
        game.status().unwrap(),
        "Only the four aces are left. You win! Click the deck to play again."
    );
    let regions = game.regions().unwrap();
    for s in 1..=STACKS {
        assert!(
            regions.iter().any(|r| r.label.starts_with("ace of ")
                && r.label.ends_with(&format!(", face up, top of stack {s}"))),
            "{regions:?}"
        );
    }
    assert!(
        regions
            .iter()
            .any(|r| r.label.ends_with("top of removed cards, 48 cards"))
    );
    assert!(regions.iter().any(|r| r.label == "deck, empty"));
    for r in &regions {
        assert!(
            r.min.y + r.size.y <= canvas.y + 0.5,
            "{} off the canvas",
            r.label
        );
    }
    assert!(recorder.requests().iter().any(|r| r == "tick stop"));
    eprintln!("seed {seed}: won in {made} moves");
}

#[test]
fn a_whole_game_is_lost_when_the_deck_is_out_and_no_card_can_go() {
    let seed = seed_ending(End::Lost);
    let mut game = start();
    game.layout(Point::new(900.0, 650.0)).unwrap();
    game.start_from_game_id(&seed.to_string()).unwrap();
    play_to_the_end(&mut game);
    assert_eq!(game.outcome().unwrap().result, GameResult::Lost);
    let g = state(&mut game);
    assert!(g.stock.is_empty());
    let status = game.status().unwrap();
    assert_eq!(
        status,
        format!(
            "Game over: the deck is empty and no card can go, with {} cards on the stacks. Click the deck to play again.",
            g.left()
        )
    );
    // Four tops of four suits: every click is refused and changes nothing.
    for s in 0..STACKS {
        {
            let at = stack_region(&mut game, s).center();
            click(&mut game, at)
        };
        assert_eq!(state(&mut game), g);
    }
}

#[test]
fn keys_deal_and_remove() {
    let mut game = start();
    game.layout(Point::new(900.0, 650.0)).unwrap();
    game.start_from_game_id("12").unwrap();
    // The cursor starts on the deck: Enter deals.
    send(&mut game, Event::key("ArrowRight"));
    send(&mut game, Event::key("ArrowLeft"));
    send(&mut game, Event::key("Enter"));
    assert_eq!(state(&mut game).stock.len(), 44);
    // Walk to a stack whose top card may go, and press Space.
    let g = state(&mut game);
    if let Some(s) = (0..STACKS).find(|&s| g.removable(s)) {
        for _ in 0..=s {
            send(&mut game, Event::key("ArrowRight"));
        }
        send(&mut game, Event::key("Space"));
        assert_eq!(state(&mut game).removed.len(), 1);
    }
}

#[test]
fn refused_drags_say_why_and_change_nothing() {
    let mut game = start();
    game.layout(Point::new(900.0, 650.0)).unwrap();
    game.start_from_game_id("5").unwrap();
    let before = state(&mut game);
    // A top card dragged onto another stack that is not empty.
    let a = stack_region(&mut game, 0).center();
    let b = stack_region(&mut game, 1).center();
    drag(&mut game, a, b);
    assert_eq!(state(&mut game), before);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Refused: a card moves only to an empty stack."),
        "{status}"
    );
}

#[test]
fn a_game_id_replays_its_deal_and_a_save_resumes() {
    let mut game = start();
    game.start_from_game_id("77").unwrap();
    assert_eq!(state(&mut game), Aces::deal(77));
    assert!(game.start_from_game_id("x").is_err());
    {
        let at = deck_region(&mut game).center();
        click(&mut game, at)
    };
    let saved = game.save().unwrap();
    let mut other = start();
    other.load(&saved).unwrap();
    assert_eq!(state(&mut other).stock.len(), 44);
    assert_eq!(other.game_id().unwrap(), "77");
    assert!(other.load(b"Aces save 1\nend\n").is_err());
}
