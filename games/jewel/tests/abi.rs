//! Plays Jewel through the real C ABI table, as the launcher does, and
//! checks what a player would see: the colours drawn at each cell's
//! centre, the regions a screen reader reads, the status line and the
//! outcome. Time passes only by the ticks the test sends. Where the
//! launcher would deal a new game (its New game, or the game asking for
//! one), the test does what the launcher does: it calls `new_game`.

use game_api::host::{CallErrorKind, GameInstance, Recorder};
use game_api::{Button, Event, GameResult, Modifiers, Outcome, Point, Response, Shape};
use game_test::play::{color_at, frame};
use jewel::board::{Board, CELLS, Cell, Jewel};
use jewel::draw::{self, COLOR_NAMES, COLORS, HIDDEN};

fn start() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&jewel::GAME_TABLE)
}

/// The kinds of jewels as drawn (at difficulty 0 each kind has its own
/// colour): the colour at each cell's centre.
fn seen_board(game: &mut GameInstance) -> Board {
    let shapes = frame(game);
    let mut jewels = [Jewel::of_kind(0); CELLS];
    for cell in Cell::all() {
        let color = color_at(&shapes, draw::cell_center(cell));
        let kind = COLORS
            .iter()
            .position(|c| Some(*c) == color)
            .unwrap_or_else(|| panic!("{cell:?} shows {color:?}"));
        jewels[cell.index()] = Jewel::of_kind(kind as u8);
    }
    Board::from_jewels(jewels)
}

/// The kinds of jewels as a screen reader reads them: "row 1, column 2:
/// blue ball".
fn board_from_regions(game: &mut GameInstance) -> Board {
    let regions = game.regions().unwrap();
    let mut jewels = [Jewel::of_kind(0); CELLS];
    let mut seen = 0;
    for region in regions {
        let Some((name, look)) = region.label.split_once(": ") else {
            continue;
        };
        let Some(cell) = Cell::all().find(|c| c.to_string() == name) else {
            continue;
        };
        assert_eq!(
            draw::cell_at(region.center()),
            Some(cell),
            "{}",
            region.label
        );
        let colour = look.split(' ').next().unwrap();
        let kind = COLOR_NAMES.iter().position(|n| *n == colour).unwrap();
        jewels[cell.index()] = Jewel::of_kind(kind as u8);
        seen += 1;
    }
    assert_eq!(seen, CELLS, "every cell is a region");
    Board::from_jewels(jewels)
}

/// The number after `what` in the status line ("Score 12, ...").
fn number_after(status: &str, what: &str) -> u32 {
    let at = status
        .find(what)
        .unwrap_or_else(|| panic!("{what} in {status:?}"))
        + what.len();
    status[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

fn key(game: &mut GameInstance, name: &str) -> Response {
    game.handle_event(&Event::key(name)).unwrap()
}

/// Drags the jewel at `from` onto `to`: press, move, release.
fn drag(game: &mut GameInstance, from: Cell, to: Cell) -> Response {
    let (a, b) = (draw::cell_center(from), draw::cell_center(to));
    let down = game
        .handle_event(&Event::PointerPress {
            pos: a,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        })
        .unwrap();
    assert_eq!(down, Response::NONE);
    let moved = game.handle_event(&Event::PointerMove { pos: b }).unwrap();
    let up = game
        .handle_event(&Event::PointerRelease {
            pos: b,
            button: Button::Primary,
            modifiers: Modifiers::NONE,
        })
        .unwrap();
    assert_eq!(up, Response::NONE, "the swap happened on the move");
    moved
}

/// Sends ticks of 1/30 s for `seconds`, or until the game is over.
fn run(game: &mut GameInstance, seconds: f32) {
    for _ in 0..(seconds * 30.0).round() as usize {
        game.handle_event(&Event::Tick { dt: 1.0 / 30.0 }).unwrap();
        if game.outcome().unwrap().is_over() {
            return;
        }
    }
}

#[test]
fn a_whole_game_played_by_a_player_who_always_finds_a_line() {
    let (mut game, recorder) = start();
    let features = game.features();
    assert!(features.new_game && features.save && features.outcome);
    assert_eq!(game.title().unwrap(), "Jewel");
    assert_eq!(game.canvas_size().unwrap(), Point::new(680.0, 480.0));
    game.start_from_game_id("0:2024").unwrap();
    assert_eq!(game.game_id().unwrap(), "0:2024");
    assert!(game.status().unwrap().starts_with("Press Space"));
    // Hidden until the start: every cell shows the hidden colour.
    let shapes = frame(&mut game);
    for cell in Cell::all() {
        assert_eq!(color_at(&shapes, draw::cell_center(cell)), Some(HIDDEN));
    }
    assert!(recorder.requests().is_empty(), "no ticks before the start");
    assert_eq!(key(&mut game, "Space"), Response::REDRAW);
    assert_eq!(recorder.requests(), ["tick 0.016"]);
    let status = game.status().unwrap();
    assert!(status.contains("Score 0, level 0, 75 s left"), "{status}");

    let mut turns = 0;
    let mut score = 0;
    while game.outcome().unwrap() == Outcome::PLAYING {
        turns += 1;
        assert!(turns < 400, "the game ends");
        // What the screen reader reads is what is drawn.
        let board = board_from_regions(&mut game);
        assert_eq!(seen_board(&mut game), board, "turn {turns}");
        assert!(!board.has_match(), "a board at rest has no line");
        let swaps = board.legal_swaps();
        let status = game.status().unwrap();
        assert_eq!(number_after(&status, "Score "), score);
        let moves = swaps.len();
        assert!(
            status.ends_with(&format!(
                " {moves} move{}",
                if moves == 1 { "" } else { "s" }
            )),
            "{status}"
        );
        // The player drags the first jewel that makes a line.
        let (a, b) = swaps[0];
        assert_eq!(drag(&mut game, a, b), Response::REDRAW);
        let now = number_after(&game.status().unwrap(), "Score ");
        assert!(
            now >= score + 2,
            "a line of three scores 2: {score} -> {now}"
        );
        score = now;
        // Think for four seconds (the clock stands still while jewels fall).
        run(&mut game, 4.0);
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Lost);
    assert_eq!(outcome.score, Some(i64::from(score)));
    assert!(turns > 5, "{turns} turns");
    let status = game.status().unwrap();
    assert!(
        status
            == format!(
                "Time is up! Score {score} at level {}. Press Space for a new game",
                score / 10
            )
            || status.starts_with("No swap can make a line: game over!"),
        "{status}"
    );
    assert!(
        frame(&mut game)
            .iter()
            .any(|s| matches!(s, Shape::Text { text, .. } if text == "GAME OVER"))
    );
    // What still moves settles, then the ticks stop.
    for _ in 0..100 {
        game.handle_event(&Event::Tick { dt: 1.0 / 30.0 }).unwrap();
    }
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    // Space asks the launcher for the next game, which deals it.
    assert_eq!(key(&mut game, "Space"), Response::NONE);
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    game.new_game(77).unwrap();
    assert_eq!(game.game_id().unwrap(), "0:77");
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    assert!(game.status().unwrap().starts_with("Press Space"));
}

#[test]
fn a_refused_swap_is_said_and_changes_nothing() {
    let (mut game, _) = start();
    game.new_game(5).unwrap();
    key(&mut game, "Space");
    let board = board_from_regions(&mut game);
    let legal = board.legal_swaps();
    let (a, b) = Cell::all()
        .filter_map(|c| Some((c, c.step(jewel::Dir::Right)?)))
        .find(|p| !legal.contains(p))
        .unwrap();
    let saved = game.save().unwrap();
    assert_eq!(drag(&mut game, a, b), Response::REDRAW);
    assert!(
        game.status()
            .unwrap()
            .starts_with("That swap makes no line of three: the jewels went back.")
    );
    assert_eq!(
        game.save().unwrap(),
        saved,
        "no move for the launcher to record"
    );
    run(&mut game, 1.0);
    assert_eq!(seen_board(&mut game), board);
}

#[test]
fn pausing_hides_the_board_and_keeps_the_save() {
    let (mut game, recorder) = start();
    game.new_game(6).unwrap();
    key(&mut game, "Space");
    run(&mut game, 1.0);
    let saved = game.save().unwrap();
    let status = game.status().unwrap();
    assert_eq!(key(&mut game, "p"), Response::REDRAW);
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    let shapes = frame(&mut game);
    for cell in Cell::all() {
        assert_eq!(color_at(&shapes, draw::cell_center(cell)), Some(HIDDEN));
    }
    assert!(
        game.status()
            .unwrap()
            .starts_with("Paused: press P to go on.")
    );
    assert_eq!(game.save().unwrap(), saved, "a pause is not a move");
    assert_eq!(key(&mut game, "p"), Response::REDRAW);
    assert_eq!(recorder.last().as_deref(), Some("tick 0.016"));
    assert_eq!(game.status().unwrap(), status);
}

#[test]
fn undo_goes_back_to_the_position_and_the_same_swap_brings_the_same_jewels() {
    let (mut game, _) = start();
    game.new_game(9).unwrap();
    key(&mut game, "Space");
    let before = game.save().unwrap();
    let board = board_from_regions(&mut game);
    let (a, b) = board.legal_swaps()[0];
    drag(&mut game, a, b);
    run(&mut game, 2.0);
    let after = board_from_regions(&mut game);
    let after_save = game.save().unwrap();
    assert_ne!(after_save, before);
    // Undo: the launcher loads the bytes before the swap.
    game.load(&before).unwrap();
    assert_eq!(board_from_regions(&mut game), board);
    // It was running: it goes on running.
    assert!(game.status().unwrap().contains("s left"));
    assert!(!game.status().unwrap().starts_with("Paused"));
    drag(&mut game, a, b);
    assert_eq!(board_from_regions(&mut game), after);
    assert_eq!(game.save().unwrap(), after_save);
    // Garbage and another game's save are refused, the game unchanged.
    for bad in [&b"Lights Out save 1\nend\n"[..], b"", b"Jewel save 1\n"] {
        let err = game.load(bad).unwrap_err();
        assert_eq!(err.kind, CallErrorKind::Error);
    }
    assert_eq!(game.save().unwrap(), after_save);
    // A bad game ID is refused in words.
    let err = game.start_from_game_id("5:12").unwrap_err();
    assert!(err.message.contains("0 to 4"), "{}", err.message);
    assert_eq!(game.game_id().unwrap(), "0:9");
}

#[test]
fn the_controls_are_difficulty_start_and_pause() {
    let (mut game, recorder) = start();
    let actions = game.actions().unwrap();
    let ids: Vec<(&str, &str, bool)> = actions
        .iter()
        .map(|a| (a.id.as_str(), a.label.as_str(), a.enabled))
        .collect();
    assert_eq!(
        ids,
        [
            ("difficulty", "Difficulty", true),
            ("start", "Start", true),
            ("pause", "Pause", false)
        ]
    );
    assert_eq!(game.invoke_action("start", "").unwrap(), Response::REDRAW);
    let actions = game.actions().unwrap();
    assert!(!actions[1].enabled && actions[2].enabled);
    // Another difficulty during a game asks for a new game.
    game.invoke_action("difficulty", "1 Easy").unwrap();
    assert_eq!(recorder.last().as_deref(), Some("new game"));
    game.new_game(3).unwrap();
    assert_eq!(game.game_id().unwrap(), "1:3");
    let err = game.invoke_action("fly", "").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert_eq!(key(&mut game, "h"), Response::NONE);
    assert_eq!(recorder.last().as_deref(), Some("help Jewel Help false"));
}

/// What the launcher does after every event that asked for a redraw: it
/// saves, and records a move when the bytes changed. Ticks of the running
/// clock are no moves; swaps, the start and the end are.
#[test]
fn only_the_start_swaps_and_the_end_are_moves_for_the_launcher() {
    let (mut game, _) = start();
    game.new_game(31).unwrap();
    let mut last = game.save().unwrap();
    let mut moves = Vec::new();
    let mut record = |game: &mut GameInstance, response: Response, what: &str| {
        if response == Response::REDRAW {
            let now = game.save().unwrap();
            if now != last {
                moves.push(what.to_owned());
                last = now;
            }
        }
    };
    let r = key(&mut game, "Space");
    record(&mut game, r, "start");
    for turn in 0..3 {
        let board = board_from_regions(&mut game);
        if let Some(&(a, b)) = board.legal_swaps().first() {
            let r = drag(&mut game, a, b);
            record(&mut game, r, &format!("swap {turn}"));
        }
        for _ in 0..60 {
            let r = game.handle_event(&Event::Tick { dt: 1.0 / 30.0 }).unwrap();
            assert_eq!(r, Response::REDRAW, "the clock moves on every tick");
            record(&mut game, r, "tick");
        }
    }
    while !game.outcome().unwrap().is_over() {
        let r = game.handle_event(&Event::Tick { dt: 0.2 }).unwrap();
        record(&mut game, r, "end");
    }
    let expected: Vec<String> = ["start", "swap 0", "swap 1", "swap 2", "end"]
        .map(String::from)
        .to_vec();
    assert_eq!(moves, expected);
}

#[test]
fn a_resumed_game_comes_back_paused_with_the_clock_of_its_last_move() {
    let (mut game, _) = start();
    game.new_game(12).unwrap();
    key(&mut game, "Space");
    let board = board_from_regions(&mut game);
    let (a, b) = board.legal_swaps()[0];
    drag(&mut game, a, b);
    let shown = number_after(&game.status().unwrap(), "level 0, ");
    run(&mut game, 6.5);
    let bytes = game.save().unwrap();
    // The launcher starts the game again and loads the last bytes.
    let (mut resumed, recorder) = start();
    resumed.load(&bytes).unwrap();
    let status = resumed.status().unwrap();
    assert!(status.starts_with("Paused: press P to go on."), "{status}");
    // The clock as the swap left it, before the 5 seconds spent since.
    assert_eq!(number_after(&status, "level 0, "), shown);
    assert!(recorder.requests().is_empty(), "no ticks while paused");
    assert_eq!(key(&mut resumed, "p"), Response::REDRAW);
    assert_eq!(recorder.requests(), ["tick 0.016"]);
    assert_eq!(
        board_from_regions(&mut resumed),
        board_from_regions(&mut game)
    );
}
