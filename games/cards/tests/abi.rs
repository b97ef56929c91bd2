//! The kit's example game, Foundations, played through the real C ABI
//! table as the launcher plays it: a whole deal won by dragging cards
//! (and double-clicking them) found by their screen-reader labels.

mod foundations;

use foundations::Foundations;
use game_api::host::{GameInstance, GameLibrary, Recorder};
use game_api::{Button, Event, GameResult, Modifiers, Point, RecordingPainter, Shape};
use game_test::play::{drag, region, send};

game_api::export_game!(Foundations, save, new_game, outcome);

fn start() -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    let game = GameLibrary::from_static(&GAME_TABLE)
        .expect("the example speaks this launcher's ABI")
        .start(Box::new(recorder.clone()))
        .expect("the example starts");
    (game, recorder)
}

/// The card a label names ("seven of hearts, face up, top of waste").
fn named(label: &str) -> cards::Card {
    let name = label.split(',').next().unwrap();
    cards::card::deck()
        .into_iter()
        .find(|c| c.name() == name)
        .unwrap_or_else(|| panic!("no card is called {name}"))
}

#[test]
fn a_whole_deal_is_won_by_dragging_and_double_clicking() {
    let (mut game, recorder) = start();
    game.layout(Point::new(900.0, 300.0)).unwrap();
    game.new_game(42).unwrap();
    assert_eq!(game.game_id().unwrap(), "42");
    assert!(
        recorder.requests().iter().any(|r| r.contains("layout")),
        "{:?}",
        recorder.requests()
    );
    assert_eq!(game.status().unwrap(), "0 of 52 cards home");
    let mut moves = 0;
    let mut steps = 0;
    while game.outcome().unwrap().result == GameResult::Playing {
        steps += 1;
        assert!(steps < 20_000, "the deal should be won by now");
        let waste = region(&mut game, |l| l.ends_with("top of waste"));
        let movable = waste.as_ref().and_then(|w| {
            let card = named(&w.label);
            let foundation = format!("{} foundation", card.suit.name());
            let home = region(&mut game, |l| l.contains(&foundation)).unwrap();
            let on = if home.label.ends_with("empty") {
                0
            } else {
                named(&home.label).rank.value()
            };
            (on + 1 == card.rank.value()).then(|| (w.center(), home.center()))
        });
        if let Some((from, to)) = movable {
            if moves % 2 == 0 {
                drag(&mut game, from, to);
            } else {
                send(&mut game, Event::press(from));
                send(&mut game, Event::release(from));
                send(
                    &mut game,
                    Event::DoubleClick {
                        pos: from,
                        button: Button::Primary,
                        modifiers: Modifiers::NONE,
                    },
                );
            }
            moves += 1;
            continue;
        }
        let stock = region(&mut game, |l| l.contains("stock")).unwrap();
        send(&mut game, Event::press(stock.center()));
        send(&mut game, Event::release(stock.center()));
    }
    assert_eq!(moves, 52);
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    assert_eq!(game.status().unwrap(), "Every card is home. You win!");
    let kings = game
        .regions()
        .unwrap()
        .into_iter()
        .filter(|r| r.label.starts_with("king of"))
        .count();
    assert_eq!(kings, 4);
}

#[test]
fn a_refused_drop_snaps_back_and_the_same_id_deals_the_same_cards() {
    let (mut game, _) = start();
    game.start_from_game_id("7").unwrap();
    let stock = region(&mut game, |l| l.contains("stock")).unwrap();
    send(&mut game, Event::press(stock.center()));
    send(&mut game, Event::release(stock.center()));
    let top = region(&mut game, |l| l.ends_with("top of waste")).unwrap();
    let card = named(&top.label);
    // Dragged onto a foundation of another suit: refused, back on the waste.
    let other = cards::Suit::ALL
        .into_iter()
        .find(|&s| s != card.suit)
        .unwrap();
    let wrong = region(&mut game, |l| {
        l.starts_with(&format!("{} foundation", other.name()))
    })
    .unwrap();
    drag(&mut game, top.center(), wrong.center());
    let again = region(&mut game, |l| l.ends_with("top of waste")).unwrap();
    assert_eq!(named(&again.label), card);
    // Saved and loaded, the table is the same; the same ID deals the same.
    let saved = game.save().unwrap();
    let (mut other_game, _) = start();
    other_game.load(&saved).unwrap();
    assert_eq!(other_game.regions().unwrap(), game.regions().unwrap());
    other_game.start_from_game_id("7").unwrap();
    send(&mut other_game, Event::press(stock.center()));
    send(&mut other_game, Event::release(stock.center()));
    let first = region(&mut other_game, |l| l.ends_with("top of waste")).unwrap();
    assert_eq!(named(&first.label), card);
    let refused = other_game.load(b"7\n0 AS AS\n").unwrap_err().to_string();
    assert!(
        refused.contains("the ace of spades is there 2 times"),
        "{refused}"
    );
    // The stock's cards stay face down through a save.
    let text = String::from_utf8(saved).unwrap();
    let stock_line = text.lines().nth(1).unwrap();
    let in_stock = stock_line.split(' ').count() - 1;
    assert!(
        stock_line.starts_with(&format!("{in_stock} ")),
        "{stock_line}"
    );
}

#[test]
fn a_turned_card_slides_on_ticks_and_the_state_is_already_there() {
    let (mut game, recorder) = start();
    let stock = region(&mut game, |l| l.contains("stock")).unwrap();
    send(&mut game, Event::press(stock.center()));
    send(&mut game, Event::release(stock.center()));
    // The waste's card is in the regions at once (no wait for the slide).
    assert!(region(&mut game, |l| l.ends_with("top of waste")).is_some());
    assert!(
        recorder.requests().iter().any(|r| r == "tick 0.016"),
        "{:?}",
        recorder.requests()
    );
    // Mid-slide the card is seen edge-on: no index text drawn yet.
    send(&mut game, Event::Tick { dt: 0.125 });
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    assert!(
        !painter
            .shapes
            .iter()
            .any(|s| matches!(s, Shape::StyledText { .. }))
    );
    for _ in 0..20 {
        send(&mut game, Event::Tick { dt: 0.016 });
    }
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    let indices = painter
        .shapes
        .iter()
        .filter(|s| matches!(s, Shape::StyledText { .. }))
        .count();
    assert_eq!(indices, 2);
    assert!(
        recorder.requests().iter().any(|r| r == "tick stop"),
        "{:?}",
        recorder.requests()
    );
}

#[test]
fn keyboard_play_through_the_abi() {
    let (mut game, _) = start();
    // The cursor starts on the stock: Enter turns a card over.
    send(&mut game, Event::key("Enter"));
    assert!(region(&mut game, |l| l.ends_with("top of waste")).is_some());
    // Right to the waste, Enter picks the card up; the status says so.
    send(&mut game, Event::key("ArrowRight"));
    send(&mut game, Event::key("Enter"));
    assert!(
        game.status().unwrap().contains("holding"),
        "{}",
        game.status().unwrap()
    );
    send(&mut game, Event::key("Escape"));
    assert!(!game.status().unwrap().contains("holding"));
}
