//! Plays Pousse through the real C ABI table, as the launcher does, and
//! checks what a player would see: the markers' colours drawn at the cells,
//! the status line, the record, and the outcome. Where the launcher would
//! start a new game, the test does what the launcher does: it calls
//! `new_game` with a seed. Ticks are sent as the launcher sends them; the
//! computer's answer comes from its thread, so the tests send ticks until
//! it has come (they count moves, not time).

use game_api::host::{GameInstance, Recorder};
use game_api::{ActionKind, Event, GameResult, Point, Response, Shape};
use game_test::play::{color_at, frame};
use pousse::game::{LOSER_RING, O_COLOR, STRAIGHT_TILE, X_COLOR};
use pousse::rules::{Board, Ending, Match, Move, Player};
use pousse::save::parse_game;

fn start() -> GameInstance {
    game_test::play::start(&pousse::GAME_TABLE)
}

fn start_recorded() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&pousse::GAME_TABLE)
}

/// The regions' labels and centres.
fn regions(game: &mut GameInstance) -> Vec<(String, Point)> {
    game.regions()
        .unwrap()
        .into_iter()
        .map(|r| (r.label.clone(), r.center()))
        .collect()
}

/// Where the region whose label starts with `prefix` is.
fn region(game: &mut GameInstance, prefix: &str) -> Point {
    regions(game)
        .into_iter()
        .find(|(l, _)| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no region {prefix:?}"))
        .1
}

/// The board as the player sees it: a blue marker is X, an orange one O,
/// a bare tile empty. The cells are found by their regions, a little off
/// their centre (where the marker's letter is).
fn seen_board(game: &mut GameInstance, n: usize) -> Board {
    let shapes = frame(game);
    let mut board = Board::empty(n);
    for row in 0..n {
        for col in 0..n {
            let c = region(game, &format!("row {}, column {}:", row + 1, col + 1));
            let p = Point::new(c.x - 6.0, c.y + 8.0);
            let cell = match color_at(&shapes, p) {
                Some(c) if c == X_COLOR => Some(Player::X),
                Some(c) if c == O_COLOR => Some(Player::O),
                _ => None,
            };
            board.set(row, col, cell);
        }
    }
    board
}

fn click(game: &mut GameInstance, at: Point) -> Response {
    game.handle_event(&Event::press(at)).unwrap();
    game.handle_event(&Event::release(at)).unwrap()
}

/// The Record field's text.
fn record(game: &mut GameInstance) -> String {
    game.actions()
        .unwrap()
        .into_iter()
        .find_map(|a| match (a.id.as_str(), a.kind) {
            ("record", ActionKind::Text { value }) => Some(value),
            _ => None,
        })
        .expect("a Record field")
}

/// Sends ticks until the record has `moves` moves or the game is over;
/// the slide of each push is over by then.
fn tick_until(game: &mut GameInstance, moves: usize) {
    let mut ticks = 0u64;
    loop {
        let now = parse_game(&record(game)).unwrap();
        if now.moves().len() >= moves || now.is_over() {
            break;
        }
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
        std::thread::yield_now();
        ticks += 1;
        assert!(ticks < 50_000_000, "the computer never answered");
    }
    end_slide(game);
}

/// Sends a quarter of a second of ticks: the push's slide (a fifth of a
/// second) ends, and a computer to move (whose turn lasts at least 0.4 s)
/// does not move yet.
fn end_slide(game: &mut GameInstance) {
    for _ in 0..5 {
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
    }
}

#[test]
fn a_whole_game_between_two_computers_ends_as_the_rules_say() {
    let mut game = start();
    assert_eq!(game.title().unwrap(), "Pousse");
    game.new_game(2026).unwrap();
    for (id, seat) in [("x", "Computer Medium"), ("o", "Computer Easy")] {
        assert_eq!(game.invoke_action(id, seat).unwrap(), Response::REDRAW);
    }
    assert!(
        game.status()
            .unwrap()
            .contains("X (Computer Medium) is thinking")
    );
    let mut last = 0;
    loop {
        tick_until(&mut game, last + 1);
        let text = record(&mut game);
        let replayed = parse_game(&text).unwrap();
        // Each move as it is played: the board seen is the rules' board.
        assert_eq!(seen_board(&mut game, 4), replayed.board(), "after {text}");
        assert!(replayed.moves().len() > last, "{text}");
        last = replayed.moves().len();
        if replayed.is_over() {
            break;
        }
        assert!(last < 200, "{text}");
    }
    let text = record(&mut game);
    let replayed = parse_game(&text).unwrap();
    let status = game.status().unwrap();
    assert!(status.starts_with("Game over: "), "{status}");
    let shapes = frame(&mut game);
    match replayed.ending().unwrap() {
        Ending::Straights { winner, x, o } => {
            let name = if winner == Player::X {
                "X (Computer Medium)"
            } else {
                "O (Computer Easy)"
            };
            assert!(status.contains(&format!("{name} wins with")), "{status}");
            assert!(if winner == Player::X { x > o } else { o > x });
            // The winner's straights are green: at least one line of 4.
            let greens = shapes
                .iter()
                .filter(
                    |s| matches!(s, Shape::Rect { style, .. } if style.fill == Some(STRAIGHT_TILE)),
                )
                .count();
            assert!(greens >= 4, "{greens}");
        }
        Ending::Repetition { loser } => {
            assert!(status.contains(&format!("{loser} (")), "{status}");
            assert!(status.contains("repeated an earlier position"));
            assert!(shapes.iter().any(|s| matches!(s,
                Shape::Circle { style, .. } if style.stroke.map(|s| s.color) == Some(LOSER_RING))));
        }
    }
    // Two computers: nobody's game, counted for nobody.
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert!(outcome.for_nobody && !outcome.assisted);
    assert_eq!(outcome.score, Some(replayed.moves().len() as i64));
    // No more moves are made.
    for _ in 0..20 {
        game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    }
    assert_eq!(record(&mut game), text);
}

#[test]
fn a_person_plays_the_computer_by_clicking_numbers_and_wins() {
    // The person's moves are chosen by the Hard search from the rules
    // module; the person clicks the numbers they are drawn as.
    let mut game = start();
    game.new_game(7).unwrap();
    game.invoke_action("x", "Person").unwrap();
    game.invoke_action("o", "Computer Easy").unwrap();
    let mut moves = 0;
    loop {
        let now = parse_game(&record(&mut game)).unwrap();
        if now.is_over() {
            break;
        }
        assert_eq!(now.to_move(), Player::X);
        let status = game.status().unwrap();
        assert!(
            status.starts_with(&format!(
                "Move {}: X (Person) to move",
                now.moves().len() + 1
            )),
            "{status}"
        );
        let choice = pousse::computer::choose(&now, 100_000, 1).unwrap();
        let at = region(&mut game, &format!("{}: push X into", choice.mv));
        assert_eq!(click(&mut game, at), Response::REDRAW);
        moves += 2;
        tick_until(&mut game, now.moves().len() + 2);
        assert!(moves < 100);
    }
    let final_game = parse_game(&record(&mut game)).unwrap();
    assert_eq!(final_game.ending().unwrap().winner(), Player::X);
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    assert!(!game.outcome().unwrap().assisted);
    // The numbers take no more clicks.
    let at = region(&mut game, "T1:");
    assert_eq!(click(&mut game, at), Response::NONE);
}

#[test]
fn undo_while_the_computer_thinks_drops_its_answer() {
    let mut game = start();
    game.new_game(1).unwrap();
    game.invoke_action("x", "Person").unwrap();
    game.invoke_action("o", "Computer Hard").unwrap();
    let before = game.save().unwrap();
    let at = region(&mut game, "L2: push X");
    click(&mut game, at);
    assert!(
        game.status()
            .unwrap()
            .contains("O (Computer Hard) is thinking")
    );
    // The launcher's undo: the position before the click.
    game.load(&before).unwrap();
    for _ in 0..2000 {
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
        std::thread::yield_now();
    }
    assert_eq!(record(&mut game), "");
    assert!(
        game.status()
            .unwrap()
            .starts_with("Move 1: X (Person) to move")
    );
    assert_eq!(seen_board(&mut game, 4), Board::empty(4));
}

#[test]
fn redo_to_the_computers_turn_waits_for_computer_moves() {
    let mut game = start();
    game.new_game(1).unwrap();
    game.invoke_action("o", "Computer Easy").unwrap();
    let at = region(&mut game, "T3: push X");
    click(&mut game, at);
    let thinking = game.save().unwrap();
    tick_until(&mut game, 2);
    // Undo to O's turn: the computer waits.
    game.load(&thinking).unwrap();
    for _ in 0..200 {
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
    }
    assert_eq!(record(&mut game), "T3");
    let status = game.status().unwrap();
    assert!(
        status.contains("O (Computer Easy) to move, waiting"),
        "{status}"
    );
    // The moves list still shows the undone move.
    let list = regions(&mut game)
        .into_iter()
        .find(|(l, _)| l.starts_with("Moves:"))
        .unwrap()
        .0;
    assert_eq!(list, "Moves: T3 (1 undone)");
    let go = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "go")
        .unwrap();
    assert!(go.enabled);
    assert_eq!(go.shortcut.as_deref(), Some("g"));
    game.invoke_action("go", "").unwrap();
    tick_until(&mut game, 2);
    assert_eq!(parse_game(&record(&mut game)).unwrap().moves().len(), 2);
}

#[test]
fn the_keyboard_alone_plays_a_move() {
    let mut game = start();
    game.new_game(3).unwrap();
    game.invoke_action("o", "Person").unwrap();
    for key in [
        "ArrowDown",
        "ArrowRight",
        "ArrowRight",
        "ArrowDown",
        "Enter",
    ] {
        assert_eq!(
            game.handle_event(&Event::key(key)).unwrap(),
            Response::REDRAW,
            "{key}"
        );
    }
    // T1, T2, T3, then down across the board: B3.
    assert_eq!(record(&mut game), "B3");
    end_slide(&mut game);
    let mut expected = Board::empty(4);
    expected.set(3, 2, Some(Player::X));
    assert_eq!(seen_board(&mut game, 4), expected);
    assert_eq!(
        game.handle_event(&Event::key("F13")).unwrap(),
        Response::NONE
    );
}

#[test]
fn the_controls_and_a_new_size() {
    let (mut game, recorder) = start_recorded();
    let ids: Vec<String> = game.actions().unwrap().into_iter().map(|a| a.id).collect();
    assert_eq!(ids, ["x", "o", "size", "go", "record"]);
    let features = game.features();
    assert!(features.new_game && features.save && features.outcome);
    // The size asks the launcher for a new game, which has that size.
    game.invoke_action("size", "6").unwrap();
    assert!(
        recorder.requests().contains(&"new game".to_string()),
        "{:?}",
        recorder.requests()
    );
    game.new_game(5).unwrap();
    assert_eq!(game.game_id().unwrap(), "6:");
    assert_eq!(
        regions(&mut game)
            .iter()
            .filter(|(l, _)| l.starts_with("row "))
            .count(),
        36
    );
    // A record typed in the Record field is replayed.
    game.invoke_action("record", "5:L1 T2 R5").unwrap();
    assert_eq!(record(&mut game), "5:L1 T2 R5");
    assert_eq!(game.game_id().unwrap(), "5:L1 T2 R5");
    assert!(game.invoke_action("record", "L1 Q1").is_err());
    assert!(game.invoke_action("size", "21").is_err());
    assert!(game.invoke_action("x", "Robot").is_err());
    assert!(game.invoke_action("fly", "").is_err());
}

#[test]
fn a_record_through_the_game_id_field_shows_its_board() {
    let mut game = start();
    game.start_from_game_id("L1 T2 R4").unwrap();
    let expected = Match::replay(4, &["L1", "T2", "R4"].map(|m| m.parse::<Move>().unwrap()))
        .unwrap()
        .board();
    assert_eq!(seen_board(&mut game, 4), expected);
    assert_eq!(game.game_id().unwrap(), "L1 T2 R4");
    let err = game.start_from_game_id("L1 T2 R9").unwrap_err();
    assert!(
        err.message.contains("R9 is not a move on a 4 by 4 board"),
        "{err:?}"
    );
    assert_eq!(record(&mut game), "L1 T2 R4");
}
