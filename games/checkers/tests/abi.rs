//! Plays Checkers through the real C ABI table, as the launcher does, and
//! checks what a player sees: the pieces drawn on the squares, the marks of
//! a piece picked up, the status line, the regions, the outcome. The
//! computer's moves come on ticks, which the tests drive as the launcher
//! would, until its answer is there (its search is counted in nodes, so the
//! moves are the same on every machine).

use checkers::board::{Color, Move, Position, parse_record};
use checkers::game::{BLACK_PIECE, CANVAS_SIDE, CELL, MARGIN, SELECTED, TARGET, WHITE_PIECE};
use game_api::host::{GameInstance, GameLibrary, NoServices, Recorder};
use game_api::{Event, GameResult, Point, Response};
use game_test::play::WithDataDir;
use game_test::play::{color_at, frame};

fn start_with(services: Box<dyn game_api::host::HostServices>) -> GameInstance {
    GameLibrary::from_static(&checkers::GAME_TABLE)
        .expect("the table has this game-api's ABI version")
        .start(services)
        .expect("the game starts")
}

/// A game for two people, dealt from seed 1.
fn two_people() -> GameInstance {
    let mut game = start_with(Box::new(NoServices));
    game.invoke_action("white", "Person").unwrap();
    game.invoke_action("black", "Person").unwrap();
    game.new_game(1).unwrap();
    game
}

/// The centre of square `number` (1 to 32) with White at the bottom.
fn center(number: usize) -> Point {
    let sq = number - 1;
    let (row, col) = (checkers::board::row_of(sq), checkers::board::col_of(sq));
    Point::new(
        MARGIN + (col as f32 + 0.5) * CELL,
        MARGIN + (row as f32 + 0.5) * CELL,
    )
}

/// A point on the piece of square `number` but off its crown and target
/// dot: a little left of the centre.
fn on_piece(number: usize) -> Point {
    let c = center(number);
    Point::new(c.x - 18.0, c.y)
}

/// Lets the sliding piece of the last move arrive (a tick of a second).
fn settle(game: &mut GameInstance) {
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
}

/// What the player sees on each square: `b`/`w` for a piece of that
/// colour, `.` for none.
fn seen(game: &mut GameInstance) -> String {
    let shapes = frame(game);
    (1..=32)
        .map(|n| match color_at(&shapes, on_piece(n)) {
            Some(c) if c == BLACK_PIECE => 'b',
            Some(c) if c == WHITE_PIECE => 'w',
            _ => '.',
        })
        .collect()
}

/// The same for a position.
fn expected(pos: &Position) -> String {
    (0..32)
        .map(|sq| match pos.piece(sq).map(|p| p.color) {
            Some(Color::Black) => 'b',
            Some(Color::White) => 'w',
            None => '.',
        })
        .collect()
}

fn click(game: &mut GameInstance, number: usize) -> Response {
    let pos = center(number);
    game.handle_event(&Event::press(pos)).unwrap();
    game.handle_event(&Event::release(pos)).unwrap()
}

/// Sends ticks until the computer has moved (the moves played changed) or
/// the game is over; returns the record after.
fn tick_until_moved(game: &mut GameInstance) -> String {
    let before = game.game_id().unwrap();
    loop {
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
        let now = game.game_id().unwrap();
        let over = game.status().unwrap().contains("Press N for a new game");
        if now != before || over {
            return now;
        }
        std::thread::yield_now();
    }
}

#[test]
fn the_game_introduces_itself() {
    let mut game = two_people();
    assert_eq!(game.title().unwrap(), "Checkers");
    assert_eq!(
        game.canvas_size().unwrap(),
        Point::new(CANVAS_SIDE, CANVAS_SIDE)
    );
    assert_eq!(
        game.status().unwrap(),
        "Black to move: click a piece, then where it goes. Move 1. Pieces: Black 12, White 12"
    );
    assert_eq!(seen(&mut game), expected(&Position::START));
    assert_eq!(game.game_id().unwrap(), "start");
    let features = game.features();
    assert!(features.save && features.new_game && features.outcome);
}

#[test]
fn a_piece_picked_up_shows_where_it_may_go_and_moves_there() {
    let mut game = two_people();
    assert_eq!(click(&mut game, 11), Response::REDRAW);
    let shapes = frame(&mut game);
    // Its square is green; 15 and 16 carry a target dot; 14 does not.
    let corner = |n: usize| {
        let c = center(n);
        Point::new(c.x + 25.0, c.y + 28.0)
    };
    assert_eq!(color_at(&shapes, corner(11)), Some(SELECTED));
    assert_eq!(color_at(&shapes, center(15)), Some(TARGET));
    assert_eq!(color_at(&shapes, center(16)), Some(TARGET));
    assert_ne!(color_at(&shapes, center(14)), Some(TARGET));
    assert_eq!(click(&mut game, 15), Response::REDRAW);
    // The piece slides there; the position changed at once.
    assert_eq!(game.game_id().unwrap(), "11-15");
    settle(&mut game);
    let (_, pos) = parse_record("11-15").unwrap();
    assert_eq!(seen(&mut game), expected(&pos));
    assert_eq!(game.game_id().unwrap(), "11-15");
    assert!(game.status().unwrap().starts_with("White to move"));
}

#[test]
fn an_illegal_move_is_refused_with_the_reason() {
    let mut game = two_people();
    game.start_from_game_id("11-15 24-19").unwrap();
    assert!(
        game.status()
            .unwrap()
            .starts_with("Black to move: a capture is forced")
    );
    click(&mut game, 10);
    assert!(
        game.status()
            .unwrap()
            .starts_with("Not allowed: a capture is forced (15x24)"),
        "{}",
        game.status().unwrap()
    );
    click(&mut game, 15);
    click(&mut game, 24);
    assert_eq!(game.game_id().unwrap(), "11-15 24-19 15x24");
    // White must take back: 28x19 or 27x20.
    click(&mut game, 22);
    assert!(
        game.status()
            .unwrap()
            .starts_with("Not allowed: a capture is forced")
    );
}

#[test]
fn a_multi_jump_is_clicked_landing_by_landing() {
    let mut game = two_people();
    // Random games (seeded) until one offers a multi-jump.
    let (moves, pos, multi) = (0..)
        .find_map(|seed| {
            let mut rng = game_api::Rng::new(seed);
            let mut pos = Position::START;
            let mut moves = Vec::new();
            while pos.end().is_none() {
                let legal = pos.legal_moves();
                if let Some(m) = legal.iter().find(|m| m.path().len() > 2) {
                    return Some((moves, pos, *m));
                }
                let mv: Move = legal[rng.below(legal.len() as u64) as usize];
                pos = pos.play(&mv);
                moves.push(mv);
            }
            None
        })
        .unwrap();
    game.start_from_game_id(&checkers::board::record_text(&moves))
        .unwrap();
    let path: Vec<usize> = multi.path().collect();
    for (i, &sq) in path.iter().enumerate() {
        click(&mut game, sq + 1);
        if i > 0 && i + 1 < path.len() {
            assert!(
                game.status().unwrap().contains("go on jumping"),
                "{}",
                game.status().unwrap()
            );
        }
    }
    let after = pos.play(&multi);
    settle(&mut game);
    assert_eq!(seen(&mut game), expected(&after));
}

#[test]
fn the_regions_name_every_square() {
    let mut game = two_people();
    let regions = game.regions().unwrap();
    assert_eq!(regions.len(), 32);
    assert_eq!(regions[0].label, "square 1: black man");
    assert_eq!(regions[16].label, "square 17: empty");
    assert_eq!(regions[31].label, "square 32: white man");
    click(&mut game, 11);
    let regions = game.regions().unwrap();
    assert_eq!(regions[10].label, "square 11: black man, picked up");
    assert_eq!(regions[14].label, "square 15: empty, it can go here");
    // Activating a region clicks its centre.
    let c = regions[14].center();
    game.handle_event(&Event::press(c)).unwrap();
    game.handle_event(&Event::release(c)).unwrap();
    assert_eq!(game.game_id().unwrap(), "11-15");
}

#[test]
fn a_bad_record_is_refused_and_the_game_kept() {
    let mut game = two_people();
    game.start_from_game_id("11-15 23-19").unwrap();
    let err = game.start_from_game_id("11-15 22-15 9-14").unwrap_err();
    assert!(err.to_string().contains("move 2 (White)"), "{err}");
    assert_eq!(game.game_id().unwrap(), "11-15 23-19");
    let err = game.start_from_game_id("hello").unwrap_err();
    assert!(err.to_string().contains("is not a move"), "{err}");
    // Saves of another game, and damaged ones, are refused too.
    assert!(game.load(b"Lights Out save 1\nend\n").is_err());
    assert_eq!(game.game_id().unwrap(), "11-15 23-19");
}

#[test]
fn the_keyboard_alone_can_move() {
    let mut game = two_people();
    for key in [
        "ArrowUp",
        "ArrowUp",
        "ArrowUp",
        "ArrowRight",
        "ArrowRight",
        "Enter",
    ] {
        game.handle_event(&Event::key(key)).unwrap();
    }
    for key in ["ArrowDown", "ArrowLeft", "Space"] {
        game.handle_event(&Event::key(key)).unwrap();
    }
    assert_eq!(game.game_id().unwrap(), "11-15");
}

#[test]
fn the_computer_thinks_on_ticks_and_undo_drops_its_answer() {
    let recorder = Recorder::new();
    let mut game = start_with(Box::new(recorder.clone()));
    game.invoke_action("black", "Person").unwrap();
    game.invoke_action("white", "Computer Medium").unwrap();
    game.new_game(5).unwrap();
    let start = game.save().unwrap();
    // Black at the bottom, for the person playing Black: square 11 is
    // drawn where 22 would be with White at the bottom.
    let flipped = |n: usize| center(33 - n);
    for n in [11, 15] {
        let p = flipped(n);
        game.handle_event(&Event::press(p)).unwrap();
        game.handle_event(&Event::release(p)).unwrap();
    }
    assert_eq!(game.game_id().unwrap(), "11-15");
    assert_eq!(
        game.status().unwrap(),
        "White (computer, Medium) is thinking. Move 1. Pieces: Black 12, White 12"
    );
    assert!(recorder.requests().iter().any(|r| r.starts_with("tick 0.")));
    // Undo while it thinks: the answer for the old position is dropped.
    game.load(&start).unwrap();
    for _ in 0..50 {
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
    }
    assert_eq!(game.game_id().unwrap(), "start");
    // Play again: this time the computer answers.
    for n in [11, 15] {
        let p = flipped(n);
        game.handle_event(&Event::press(p)).unwrap();
        game.handle_event(&Event::release(p)).unwrap();
    }
    let record = tick_until_moved(&mut game);
    let (moves, pos) = parse_record(&record).unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(pos.turn(), Color::Black);
    settle(&mut game);
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    // An undo to the computer's turn leaves it waiting for Go.
    let after_person = {
        let mut other = two_people();
        other.start_from_game_id("11-15").unwrap();
        other.save().unwrap()
    };
    game.load(&after_person).unwrap();
    assert!(game.status().unwrap().contains("press G (Go)"));
    let go = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == "go")
        .unwrap();
    assert!(go.enabled);
    game.invoke_action("go", "").unwrap();
    assert_eq!(tick_until_moved(&mut game), record, "the same answer");
}

#[test]
fn the_computer_plays_a_whole_game_against_itself() {
    let mut game = start_with(Box::new(NoServices));
    game.invoke_action("black", "Computer Medium").unwrap();
    game.invoke_action("white", "Computer Easy").unwrap();
    game.new_game(1).unwrap();
    let mut plies = 0;
    while !game.status().unwrap().contains("Press N for a new game") {
        let record = tick_until_moved(&mut game);
        plies = parse_record(&record).unwrap().0.len();
        assert!(plies < 400, "the game ends");
    }
    settle(&mut game);
    let (_, pos) = parse_record(&game.game_id().unwrap()).unwrap();
    assert_eq!(seen(&mut game), expected(&pos));
    let outcome = game.outcome().unwrap();
    println!("{}", game.status().unwrap());
    // Black's win on the board, and nobody's game: no person played.
    assert_eq!(outcome.result, GameResult::Won, "after {plies} moves");
    assert!(outcome.for_nobody);
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Black wins: White has no move. Press N for a new game"),
        "{status}"
    );
    println!(
        "Medium beat Easy in {plies} moves: {}",
        game.game_id().unwrap()
    );
}

#[test]
fn keys_ask_the_launcher_for_help_and_a_new_game() {
    let recorder = Recorder::new();
    let mut game = start_with(Box::new(recorder.clone()));
    game.handle_event(&Event::key("h")).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("help Checkers Help false"));
    game.handle_event(&Event::key("n")).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
}

#[test]
fn escape_puts_a_dragged_piece_back() {
    let mut game = two_people();
    game.handle_event(&Event::press(center(11))).unwrap();
    game.handle_event(&Event::PointerMove { pos: center(18) })
        .unwrap();
    assert_eq!(
        game.handle_event(&Event::key("Escape")).unwrap(),
        Response::REDRAW
    );
    assert_eq!(seen(&mut game), expected(&Position::START));
    game.handle_event(&Event::release(center(15))).unwrap();
    assert_eq!(game.game_id().unwrap(), "start");
}

#[test]
fn the_players_are_kept_for_the_next_time() {
    let dir = std::env::temp_dir().join(format!("checkers-players-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dir_text = dir.to_str().unwrap().to_owned();
    let chosen = |game: &mut GameInstance, id: &str| {
        game.actions()
            .unwrap()
            .into_iter()
            .find(|a| a.id == id)
            .and_then(|a| match a.kind {
                game_api::ActionKind::Choice { selected, .. } => Some(selected),
                _ => None,
            })
            .unwrap()
    };
    let mut game = start_with(Box::new(WithDataDir::new(dir_text.clone())));
    assert_eq!(chosen(&mut game, "black"), "Person");
    assert_eq!(chosen(&mut game, "white"), "Computer Medium");
    game.invoke_action("white", "Computer Hard").unwrap();
    game.invoke_action("black", "Person").unwrap();
    let err = game.invoke_action("black", "Robot").unwrap_err();
    assert!(err.to_string().contains("not a player"), "{err}");
    drop(game);
    let mut again = start_with(Box::new(WithDataDir::new(dir_text)));
    assert_eq!(chosen(&mut again, "white"), "Computer Hard");
    assert_eq!(
        std::fs::read_to_string(dir.join("settings.txt")).unwrap(),
        "black Person\nwhite Computer Hard\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ticks_come_only_while_a_piece_slides() {
    let recorder = Recorder::new();
    let mut game = start_with(Box::new(recorder.clone()));
    game.invoke_action("white", "Person").unwrap();
    game.new_game(3).unwrap();
    assert!(!recorder.requests().iter().any(|r| r.starts_with("tick")));
    click(&mut game, 11);
    assert!(!recorder.requests().iter().any(|r| r.starts_with("tick")));
    click(&mut game, 15);
    assert_eq!(recorder.last().as_deref(), Some("tick 0.016"));
    // The move is made at once: saved, in the record, White to move.
    let saved = String::from_utf8(game.save().unwrap()).unwrap();
    assert!(saved.contains("moves 11-15\n"), "{saved}");
    // Two steps of a tenth of a second: the slide (0.12 s) ends.
    game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("tick 0.016"));
    game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    // A tick changes nothing saved.
    assert_eq!(String::from_utf8(game.save().unwrap()).unwrap(), saved);
}

#[test]
fn a_drawn_game_between_computers_is_said_and_not_counted() {
    // Seed 42 (which seeds Easy's wobble) ends a king against a king.
    let mut game = start_with(Box::new(NoServices));
    game.invoke_action("black", "Computer Medium").unwrap();
    game.invoke_action("white", "Computer Easy").unwrap();
    game.new_game(42).unwrap();
    while !game.status().unwrap().contains("Press N for a new game") {
        tick_until_moved(&mut game);
    }
    let status = game.status().unwrap();
    assert!(
        status.starts_with("Drawn: 40 moves each without a capture or a man's move"),
        "{status}"
    );
    assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
    let (moves, pos) = parse_record(&game.game_id().unwrap()).unwrap();
    assert_eq!(pos.quiet_plies(), checkers::board::DRAW_PLIES);
    assert!(moves.len() > 80);
}

#[test]
fn while_the_computer_only_thinks_ticks_come_a_tenth_of_a_second_apart() {
    // Each tick costs the window a frame, CPU the search on its thread
    // would lose on a busy machine.
    let recorder = Recorder::new();
    let mut game = start_with(Box::new(recorder.clone()));
    game.invoke_action("white", "Person").unwrap();
    game.new_game(3).unwrap();
    game.invoke_action("black", "Computer Hard").unwrap();
    assert!(game.status().unwrap().contains("is thinking"));
    assert_eq!(recorder.last().as_deref(), Some("tick 0.1"));
}
