//! Plays Lights Out through the real C ABI table, as the launcher does, and
//! checks what a player would see: the colours drawn at each light's centre
//! and the status line. Where the launcher would deal a new puzzle (its New
//! game, or the game asking for one), the test does what the launcher
//! does: it calls `new_game` with a seed.

use game_api::host::{CallErrorKind, GameInstance, GameLibrary, NoServices, Recorder};
use game_api::{ActionKind, Button, Event, Point, Response, Shape};
use game_test::play::{color_at, frame};
use lights_out::game::{CANVAS_SIDE, HIGHLIGHT, LIT, MARGIN, PITCH, UNLIT};
use lights_out::{Board, Cell, LightsOut};
use std::collections::BTreeSet;

fn start() -> GameInstance {
    // SAFETY: the entry function of the game linked into this test.
    let library = unsafe { GameLibrary::from_entry(lights_out::game_api_entry()) }
        .expect("the game speaks this launcher's ABI");
    library
        .start(Box::new(NoServices))
        .expect("the game starts")
}

/// A game whose requests to the launcher are recorded.
fn start_recorded() -> (GameInstance, Recorder) {
    game_test::play::start_recorded(&lights_out::GAME_TABLE)
}

/// The board as the player sees it: each light's centre is lit yellow or
/// unlit grey, and nothing else.
fn seen_board(game: &mut GameInstance) -> Board {
    let shapes = frame(game);
    let side = (game.canvas_size().unwrap().x - 2.0 * MARGIN) / PITCH;
    let size = side.round() as usize;
    let mut board = Board::off(size);
    for cell in Cell::all(size) {
        match color_at(&shapes, LightsOut::cell_center(cell)) {
            Some(c) if c == LIT => board.set(cell, true),
            Some(c) if c == UNLIT => {}
            other => panic!("{cell:?} shows {other:?}"),
        }
    }
    board
}

fn click(game: &mut GameInstance, cell: Cell) -> Response {
    let pos = LightsOut::cell_center(cell);
    let down = game
        .handle_event(&Event::PointerPress {
            pos,
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        })
        .unwrap();
    assert_eq!(down, Response::NONE);
    game.handle_event(&Event::PointerRelease {
        pos,
        button: Button::Primary,
        modifiers: game_api::Modifiers::NONE,
    })
    .unwrap()
}

fn key(game: &mut GameInstance, name: &str) -> Response {
    game.handle_event(&Event::key(name)).unwrap()
}

fn cells(board: Board) -> BTreeSet<(usize, usize)> {
    board.lit_cells().map(|c| (c.row, c.col)).collect()
}

/// The lights a click on `cell` changed, as seen.
fn toggled_by_click(game: &mut GameInstance, cell: Cell) -> BTreeSet<(usize, usize)> {
    let before = seen_board(game);
    assert_eq!(click(game, cell), Response::REDRAW);
    let after = seen_board(game);
    cells(Board::with_bits(
        before.size(),
        before.bits() ^ after.bits(),
    ))
}

#[test]
fn the_game_introduces_itself() {
    let mut game = start();
    assert_eq!(game.title().unwrap(), "Lights Out");
    assert_eq!(
        game.canvas_size().unwrap(),
        Point::new(CANVAS_SIDE, CANVAS_SIDE)
    );
    assert_eq!(game.status().unwrap(), "Moves: 0 — turn all the lights off");
    let board = seen_board(&mut game);
    assert!(!board.is_solved(), "a new puzzle is not solved:\n{board}");
    assert!(board.is_solvable(), "a new puzzle is solvable:\n{board}");
}

#[test]
fn a_click_at_a_lights_centre_toggles_it_and_its_neighbours() {
    let mut game = start();
    assert_eq!(
        toggled_by_click(&mut game, Cell::new(0, 0)),
        BTreeSet::from([(0, 0), (0, 1), (1, 0)])
    );
    assert_eq!(game.status().unwrap(), "Moves: 1 — turn all the lights off");
    assert_eq!(
        toggled_by_click(&mut game, Cell::new(4, 2)),
        BTreeSet::from([(4, 1), (4, 2), (4, 3), (3, 2)])
    );
    assert_eq!(
        toggled_by_click(&mut game, Cell::new(2, 2)),
        BTreeSet::from([(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)])
    );
    assert_eq!(
        toggled_by_click(&mut game, Cell::new(1, 4)),
        BTreeSet::from([(0, 4), (1, 3), (1, 4), (2, 4)])
    );
    assert_eq!(game.status().unwrap(), "Moves: 4 — turn all the lights off");
}

#[test]
fn a_click_off_the_board_does_nothing() {
    let mut game = start();
    let before = seen_board(&mut game);
    for pos in [Point::new(4.0, 4.0), Point::new(CANVAS_SIDE - 2.0, 100.0)] {
        let r = game
            .handle_event(&Event::PointerRelease {
                pos,
                button: Button::Primary,
                modifiers: game_api::Modifiers::NONE,
            })
            .unwrap();
        assert_eq!(r, Response::NONE);
    }
    assert_eq!(seen_board(&mut game), before);
    assert_eq!(game.status().unwrap(), "Moves: 0 — turn all the lights off");
}

#[test]
fn solving_the_puzzle_wins_and_n_asks_for_a_new_one() {
    let (mut game, recorder) = start_recorded();
    let board = seen_board(&mut game);
    let solution = board.solve().expect("solvable");
    for cell in solution.iter() {
        click(&mut game, cell);
    }
    let n = solution.len();
    assert!(seen_board(&mut game).is_solved());
    let plural = if n == 1 { "" } else { "s" };
    assert_eq!(
        game.status().unwrap(),
        format!("Solved in {n} move{plural}! Press N or click New game")
    );
    let shapes = frame(&mut game);
    assert!(
        shapes
            .iter()
            .any(|s| matches!(s, Shape::Text { text, .. } if text == "Solved!")),
        "the win is announced on the board"
    );
    // The solved board takes no more presses.
    assert_eq!(click(&mut game, Cell::new(2, 2)), Response::NONE);
    assert!(seen_board(&mut game).is_solved());
    let hint = game.actions().unwrap().into_iter().find(|a| a.id == "hint");
    assert!(!hint.unwrap().enabled);

    // N asks the launcher, which deals the new puzzle as its New game does.
    assert_eq!(key(&mut game, "n"), Response::NONE);
    assert_eq!(recorder.requests(), ["new game"]);
    game.new_game(2024).unwrap();
    assert_eq!(game.status().unwrap(), "Moves: 0 — turn all the lights off");
    let next = seen_board(&mut game);
    assert!(!next.is_solved() && next.is_solvable(), "{next}");
    assert!(
        !frame(&mut game)
            .iter()
            .any(|s| matches!(s, Shape::Text { .. })),
        "no win message on a new puzzle"
    );
}

#[test]
fn hint_and_solve_are_the_games_controls_and_new_games_come_from_the_launcher() {
    let mut game = start();
    let actions = game.actions().unwrap();
    let labels: Vec<_> = actions
        .iter()
        .map(|a| (a.id.as_str(), a.label.as_str(), a.enabled))
        .collect();
    // New game, Restart and the Game ID field are the launcher's.
    assert_eq!(
        labels,
        [
            ("hint", "Hint", true),
            ("solve", "Solve", true),
            ("size", "Size", true)
        ]
    );
    assert!(actions[..2].iter().all(|a| a.kind == ActionKind::Button));
    assert_eq!(
        actions[2].kind,
        ActionKind::Choice {
            options: ["3×3", "4×4", "5×5", "6×6", "7×7", "8×8", "9×9"]
                .map(String::from)
                .to_vec(),
            selected: "5×5".into()
        }
    );
    assert_eq!(
        actions[0].shortcut.as_deref(),
        Some(game_api::keys::QUESTION_MARK)
    );
    let features = game.features();
    assert!(features.new_game && features.save && features.outcome);

    // The launcher's New game deals a puzzle from its seed, and different
    // seeds deal different puzzles.
    let mut seen = BTreeSet::from([seen_board(&mut game).bits()]);
    click(&mut game, Cell::new(3, 3));
    for seed in 1..=3 {
        game.new_game(seed).unwrap();
        assert_eq!(game.status().unwrap(), "Moves: 0 — turn all the lights off");
        let board = seen_board(&mut game);
        assert_eq!(board, Board::random_solvable(seed));
        assert!(!board.is_solved() && board.is_solvable(), "{board}");
        seen.insert(board.bits());
    }
    assert_eq!(seen.len(), 4);

    for id in ["fly", "new", "restart"] {
        let err = game.invoke_action(id, "").unwrap_err();
        assert_eq!(err.kind, CallErrorKind::Error);
    }
    // An unknown action is not fatal.
    assert_eq!(game.title().unwrap(), "Lights Out");
}

#[test]
fn new_games_are_seeded_from_entropy() {
    let boards: BTreeSet<u128> = (0..4).map(|_| seen_board(&mut start()).bits()).collect();
    assert!(boards.len() > 1, "four games, one puzzle");
}

#[test]
fn restart_puts_the_dealt_lights_back() {
    let mut game = start();
    let dealt = seen_board(&mut game);
    click(&mut game, Cell::new(0, 4));
    click(&mut game, Cell::new(3, 1));
    assert_ne!(seen_board(&mut game), dealt);
    assert_eq!(key(&mut game, "r"), Response::REDRAW);
    assert_eq!(seen_board(&mut game), dealt);
    assert_eq!(game.status().unwrap(), "Moves: 0 — turn all the lights off");
}

#[test]
fn following_hints_solves_the_puzzle_in_the_fewest_moves() {
    let mut game = start();
    let fewest = seen_board(&mut game).solve().unwrap().len();
    for _ in 0..fewest {
        assert_eq!(game.invoke_action("hint", "").unwrap(), Response::REDRAW);
        let ring = frame(&mut game)
            .into_iter()
            .find_map(|s| match s {
                Shape::Circle { center, style, .. } if style.fill.is_none() => Some(center),
                _ => None,
            })
            .expect("a hint ring is drawn");
        let cell = LightsOut::cell_at(ring).expect("the ring is on a light");
        click(&mut game, cell);
    }
    assert!(seen_board(&mut game).is_solved());
    assert!(
        game.status()
            .unwrap()
            .starts_with(&format!("Solved in {fewest} move"))
    );
}

#[test]
fn the_light_under_the_pointer_is_outlined() {
    let mut game = start();
    let outlined = |shapes: &[Shape]| -> Vec<Cell> {
        shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Polygon { points, style }
                    if style.stroke.map(|s| s.color) == Some(HIGHLIGHT) =>
                {
                    let n = points.len() as f32;
                    let x = points.iter().map(|p| p.x).sum::<f32>() / n;
                    let y = points.iter().map(|p| p.y).sum::<f32>() / n;
                    LightsOut::cell_at(Point::new(x, y))
                }
                _ => None,
            })
            .collect()
    };
    assert_eq!(outlined(&frame(&mut game)), []);
    let pos = LightsOut::cell_center(Cell::new(3, 0));
    assert_eq!(
        game.handle_event(&Event::PointerMove { pos }).unwrap(),
        Response::REDRAW
    );
    assert_eq!(outlined(&frame(&mut game)), [Cell::new(3, 0)]);
    assert_eq!(
        game.handle_event(&Event::PointerLeave).unwrap(),
        Response::REDRAW
    );
    assert_eq!(outlined(&frame(&mut game)), []);
}

#[test]
fn the_keyboard_alone_can_press_lights() {
    let mut game = start();
    let before = seen_board(&mut game);
    // The first arrow shows the highlight in the middle, the next moves it.
    for name in ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowDown"] {
        assert_eq!(key(&mut game, name), Response::REDRAW);
    }
    assert_eq!(key(&mut game, "Enter"), Response::REDRAW);
    let mut expected = before;
    expected.press(Cell::new(2, 1));
    assert_eq!(seen_board(&mut game), expected);
    assert_eq!(key(&mut game, "F13"), Response::NONE);
}

/// A host that records the game's requests and gives it a data directory,
/// as the launcher does.
struct WithDataDir {
    recorder: Recorder,
    dir: String,
}

impl game_api::host::HostServices for WithDataDir {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.recorder.show_text_help(title, verbatim);
    }
    fn show_manual_section(&mut self, tag: &str) {
        self.recorder.show_manual_section(tag);
    }
    fn request_redraw(&mut self) {
        self.recorder.request_redraw();
    }
    fn log(&mut self, message: &str) {
        self.recorder.log(message);
    }
    fn request_tick(&mut self, interval: Option<f32>) {
        self.recorder.request_tick(interval);
    }
    fn request_new_game(&mut self) {
        self.recorder.request_new_game();
    }
    fn data_dir(&mut self) -> Option<&str> {
        Some(&self.dir)
    }
}

/// A 7×7 game through the C ABI, from the Size choice to a win: the
/// launcher deals it (New game with a seed), the window fits the larger
/// canvas, every light has its screen-reader region, the keyboard reaches
/// the far corner, and the lights the solver names, clicked, win it. The
/// size is remembered: the next game starts at 7×7.
#[test]
fn a_7x7_game_is_chosen_played_to_a_win_and_remembered() {
    let dir = std::env::temp_dir().join(format!("lights-out-abi-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let recorder = Recorder::new();
    let services = || {
        Box::new(WithDataDir {
            recorder: recorder.clone(),
            dir: dir.to_str().unwrap().to_owned(),
        })
    };
    let library = GameLibrary::from_static(&lights_out::GAME_TABLE).unwrap();
    let mut game = library.start(services()).unwrap();
    assert_eq!(seen_board(&mut game).size(), 5, "5×5 without settings");

    assert_eq!(game.invoke_action("size", "7×7").unwrap(), Response::REDRAW);
    // The launcher deals the new game, as its New game does.
    assert_eq!(recorder.requests().last().unwrap(), "new game");
    game.new_game(77).unwrap();
    assert_eq!(
        game.canvas_size().unwrap(),
        Point::new(2.0 * MARGIN + 7.0 * PITCH, 2.0 * MARGIN + 7.0 * PITCH)
    );
    let board = seen_board(&mut game);
    assert_eq!(board, Board::random_solvable_sized(7, 77));
    assert_eq!(game.game_id().unwrap().split('/').count(), 7);
    let regions = game.regions().unwrap();
    assert_eq!(regions.len(), 49);
    assert!(regions[48].label.starts_with("row 7, column 7: "));

    // The keyboard reaches the bottom-right light and presses it.
    key(&mut game, "ArrowDown");
    for _ in 0..4 {
        key(&mut game, "ArrowDown");
        key(&mut game, "ArrowRight");
    }
    key(&mut game, "Space");
    let mut expected = board;
    expected.press(Cell::new(6, 6));
    assert_eq!(seen_board(&mut game), expected);

    // The shortest solution, clicked light by light, wins (the mouse
    // takes over: the keyboard's highlight goes as the pointer leaves).
    game.handle_event(&Event::PointerLeave).unwrap();
    let solution = expected.solve().expect("every dealt board is solvable");
    for cell in solution.iter() {
        click(&mut game, cell);
    }
    assert!(seen_board(&mut game).is_solved());
    let moves = solution.len() + 1;
    assert_eq!(
        game.status().unwrap(),
        format!("Solved in {moves} moves! Press N or click New game")
    );
    let outcome = game.outcome().unwrap();
    assert!(outcome.result == game_api::GameResult::Won && !outcome.assisted);
    assert_eq!(outcome.score, Some(moves as i64));

    // A new window (the same data directory) starts at 7×7.
    let mut next = library.start(services()).unwrap();
    assert_eq!(seen_board(&mut next).size(), 7);
    let size = next.actions().unwrap().into_iter().find(|a| a.id == "size");
    assert!(matches!(
        size.unwrap().kind,
        ActionKind::Choice { selected, .. } if selected == "7×7"
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
