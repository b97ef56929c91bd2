//! Plays Gobblet through the real C ABI table, as the launcher does, and
//! checks what a player sees: the status line, the colours drawn at the
//! squares, the labelled regions, and the outcome. The computer thinks on
//! a thread of its own; the test sends ticks, as the launcher does, until
//! its answer has come (no sleeps, no clocks).

use game_api::host::{GameInstance, Recorder};
use game_api::{Event, GameResult, Point, Shape};
use game_test::play::{color_at, frame};
use gobblet::game::{BACKGROUND, Gobblet, RED, WIDTH, YELLOW};
use gobblet::rules::Variant;

fn start() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&gobblet::GAME_TABLE)
}

/// Where the game draws square `cell` (the layout is the game's own).
fn cell_center(variant: Variant, cell: usize) -> Point {
    Gobblet::with_variant(variant).cell_center(cell)
}

/// Ticks until the computer has moved (its thread answered and the pace
/// passed): the status no longer says it is thinking.
fn tick_until_moved(game: &mut GameInstance) {
    for _ in 0..10_000_000u64 {
        game.handle_event(&Event::Tick { dt: 0.5 }).unwrap();
        if !game.status().unwrap().contains("is thinking") {
            return;
        }
        std::thread::yield_now();
    }
    panic!("the computer never answered");
}

#[test]
fn the_computer_plays_both_sides_of_a_whole_3x3_game_to_red_s_win() {
    let (mut game, recorder) = start();
    game.new_game(7).unwrap();
    assert!(game.invoke_action("size", "3x3").unwrap().redraw);
    game.invoke_action("yellow", "Ok").unwrap();
    game.invoke_action("red", "Smart").unwrap();
    // Red's computer starts thinking at once, and asks for ticks.
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Move 1. Red (Smart) is thinking"),
        "{status}"
    );
    // Nothing slides yet: ticks a tenth of a second apart, each a frame of
    // the window that the search on its thread would otherwise have.
    assert_eq!(recorder.last().as_deref(), Some("tick 0.1"));
    let mut moves = 0;
    while game.outcome().unwrap().result == GameResult::Playing {
        assert!(game.status().unwrap().contains("is thinking"));
        tick_until_moved(&mut game);
        moves += 1;
        assert!(moves < 40, "the game goes on");
    }
    // Smart red wins the 3×3 game; the status says so and how.
    let status = game.status().unwrap();
    assert!(status.starts_with("Red (Smart) wins after"), "{status}");
    assert!(status.contains("Press N for a new game"), "{status}");
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert!(outcome.for_nobody, "two computers: nobody's game");
    // The record is the game ID, and replays to the same end.
    let id = game.game_id().unwrap();
    assert!(id.starts_with("3: L"), "{id}");
    let (variant, played) = gobblet::record::parse_record(&id).unwrap();
    let end = gobblet::record::replay(variant, &played);
    assert_eq!(end.winner(), Some(gobblet::Color::Red));
    // Once the last piece has slid into place, the red line shows red.
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
    let shapes = frame(&mut game);
    let line = end.line_of(gobblet::Color::Red).unwrap();
    for cell in 0..9 {
        if line & (1 << cell) != 0 {
            assert_eq!(color_at(&shapes, cell_center(variant, cell)), Some(RED));
        }
    }
    // Nothing moves any more: the ticks have stopped.
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
}

#[test]
fn a_person_drags_a_piece_and_the_computer_answers() {
    let (mut game, _) = start();
    game.invoke_action("red", "Person").unwrap();
    game.invoke_action("yellow", "Ok").unwrap();
    game.invoke_action("size", "3x3").unwrap();
    game.new_game(11).unwrap();
    let regions = game.regions().unwrap();
    let reserve = regions
        .iter()
        .find(|r| r.label == "Red's reserve: 2 large pieces")
        .expect("red's large pieces are labelled");
    let b2 = regions.iter().find(|r| r.label == "b2: empty").unwrap();
    let (from, to) = (reserve.center(), b2.center());
    game.handle_event(&Event::press(from)).unwrap();
    game.handle_event(&Event::PointerMove { pos: to }).unwrap();
    // The landing shadow is under the dragged piece.
    let shapes = frame(&mut game);
    assert!(
        shapes
            .iter()
            .any(|s| matches!(s, Shape::Circle { center, style, .. }
        if *center == to && style.fill.is_some_and(|f| f.a < 255)))
    );
    assert!(game.handle_event(&Event::release(to)).unwrap().redraw);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Move 2. Yellow (Ok) is thinking"),
        "{status}"
    );
    // The piece is there at once, before its slide is drawn to the end.
    let labels: Vec<String> = game
        .regions()
        .unwrap()
        .into_iter()
        .map(|r| r.label)
        .collect();
    assert!(labels.contains(&"b2: red large".to_string()), "{labels:?}");
    assert!(labels.contains(&"Red's reserve: 1 large piece".to_string()));
    let before = game.save().unwrap();
    tick_until_moved(&mut game);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Move 3. Red to move: drag a piece"),
        "{status}"
    );
    for _ in 0..20 {
        game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    }
    let shapes = frame(&mut game);
    assert_eq!(color_at(&shapes, cell_center(Variant::Small, 4)), Some(RED));
    let yellow_seen = (0..9)
        .filter(|&c| color_at(&shapes, cell_center(Variant::Small, c)) == Some(YELLOW))
        .count();
    assert_eq!(yellow_seen, 1, "yellow answered with one piece");
    // Undo (the launcher loads the save before the answer): the computer
    // waits, paused, instead of playing again at once.
    game.load(&before).unwrap();
    let status = game.status().unwrap();
    assert!(
        status.contains("Yellow (Ok) to move, paused: press G"),
        "{status}"
    );
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
    assert_eq!(game.save().unwrap(), before);
}

#[test]
fn undo_while_the_computer_thinks_drops_its_answer() {
    let (mut game, _) = start();
    game.invoke_action("size", "3x3").unwrap();
    game.invoke_action("red", "Person").unwrap();
    game.invoke_action("yellow", "Smart").unwrap();
    game.new_game(3).unwrap();
    let start = game.save().unwrap();
    game.start_from_game_id("3: Lb2").unwrap();
    // From a game ID the computer waits; G lets it think.
    assert!(game.status().unwrap().contains("paused"));
    game.handle_event(&Event::key("g")).unwrap();
    assert!(
        game.status()
            .unwrap()
            .contains("Yellow (Smart) is thinking")
    );
    game.load(&start).unwrap();
    for _ in 0..1000 {
        game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
    }
    assert_eq!(game.save().unwrap(), start, "the stale answer is dropped");
    assert!(game.status().unwrap().starts_with("Move 1. Red to move"));
}

#[test]
fn an_illegal_drop_is_refused_with_its_reason() {
    let (mut game, _) = start();
    game.invoke_action("red", "Person").unwrap();
    game.invoke_action("yellow", "Person").unwrap();
    game.invoke_action("size", "4x4").unwrap();
    game.start_from_game_id("4: Xa4 Xd1").unwrap();
    assert_eq!(game.title().unwrap(), "Gobblet 4x4");
    // Red drags a new large piece onto yellow's d1: not in a line of three.
    let regions = game.regions().unwrap();
    let stack = regions
        .iter()
        .find(|r| r.label.starts_with("Red's reserve, stack 1: large on top"))
        .unwrap();
    let d1 = regions
        .iter()
        .find(|r| r.label == "d1: yellow large")
        .unwrap();
    let before = game.save().unwrap();
    game.handle_event(&Event::press(stack.center())).unwrap();
    game.handle_event(&Event::PointerMove { pos: d1.center() })
        .unwrap();
    game.handle_event(&Event::release(d1.center())).unwrap();
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Not there: a piece can only gobble a smaller one."),
        "{status}"
    );
    assert_eq!(game.save().unwrap(), before);
    // A medium-large from the next stack down is refused for the 4×4 rule.
    game.start_from_game_id("4: Xa4 Xb1 Xb4 Ld1").unwrap();
    let regions = game.regions().unwrap();
    let d1 = regions
        .iter()
        .find(|r| r.label == "d1: yellow medium-large")
        .unwrap();
    let stack = regions
        .iter()
        .find(|r| r.label.starts_with("Red's reserve, stack 1: large on top"))
        .unwrap();
    game.handle_event(&Event::press(stack.center())).unwrap();
    game.handle_event(&Event::PointerMove { pos: d1.center() })
        .unwrap();
    game.handle_event(&Event::release(d1.center())).unwrap();
    let status = game.status().unwrap();
    assert!(
        status.contains("may gobble only a piece in a line of three"),
        "{status}"
    );
}

#[test]
fn the_keyboard_plays_and_rewinds() {
    let (mut game, _) = start();
    game.invoke_action("red", "Person").unwrap();
    game.invoke_action("yellow", "Person").unwrap();
    game.invoke_action("size", "3x3").unwrap();
    game.new_game(5).unwrap();
    // The first arrow shows the cursor in the middle (b2); left twice
    // reaches red's reserve, whose top slot holds the large pieces.
    for key in ["ArrowUp", "ArrowLeft", "ArrowLeft", "ArrowUp", "Enter"] {
        game.handle_event(&Event::key(key)).unwrap();
    }
    assert!(game.status().unwrap().contains("now choose a square"));
    for key in ["ArrowRight", "ArrowDown", "ArrowRight", "Enter"] {
        game.handle_event(&Event::key(key)).unwrap();
    }
    assert_eq!(game.game_id().unwrap(), "3: Lb2");
    assert!(game.status().unwrap().starts_with("Move 2. Yellow to move"));
    // < rewinds, > replays, and another move replaces the rewound line.
    game.handle_event(&Event::key("Comma")).unwrap();
    assert_eq!(game.game_id().unwrap(), "3:");
    game.handle_event(&Event::key("Period")).unwrap();
    assert_eq!(game.game_id().unwrap(), "3: Lb2");
    game.handle_event(&Event::key("Comma")).unwrap();
    let actions = game.actions().unwrap();
    let replay = actions.iter().find(|a| a.id == "replay").unwrap();
    assert!(replay.enabled && replay.shortcut.as_deref() == Some("Period"));
    // Enter on the empty b2 picks nothing up, and says what to do.
    game.handle_event(&Event::key("Enter")).unwrap();
    assert!(
        game.status()
            .unwrap()
            .starts_with("Move the cursor to one of Red's pieces")
    );
    game.handle_event(&Event::key("ArrowLeft")).unwrap(); // a2
    game.handle_event(&Event::key("ArrowLeft")).unwrap(); // red's reserve
    game.handle_event(&Event::key("ArrowUp")).unwrap();
    game.handle_event(&Event::key("Enter")).unwrap();
    game.handle_event(&Event::key("ArrowRight")).unwrap(); // a3
    game.handle_event(&Event::key("Enter")).unwrap();
    assert_eq!(game.game_id().unwrap(), "3: La3");
    let actions = game.actions().unwrap();
    assert!(!actions.iter().find(|a| a.id == "replay").unwrap().enabled);
}

#[test]
fn game_ids_are_records_and_bad_ones_are_refused() {
    let (mut game, _) = start();
    game.start_from_game_id("3: Lb2 Ma1 b2>c3").unwrap();
    assert_eq!(game.game_id().unwrap(), "3: Lb2 Ma1 b2>c3");
    let err = game.start_from_game_id("3: Lb2 Mb2").unwrap_err();
    assert!(
        err.to_string().contains("move 2 (Mb2) cannot be played"),
        "{err}"
    );
    assert_eq!(game.game_id().unwrap(), "3: Lb2 Ma1 b2>c3");
    let saved = game.save().unwrap();
    assert!(
        game.load(b"Gobblet save 1\nmoves 3: Zz9\nat 1\nseed 1\nhelped 0\nend\n")
            .is_err()
    );
    assert_eq!(game.save().unwrap(), saved);
    let drawn = frame(&mut game);
    assert!(
        matches!(drawn.first(), Some(Shape::Rect { size, style, .. })
        if size.x == WIDTH && style.fill == Some(BACKGROUND))
    );
}
