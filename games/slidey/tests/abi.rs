//! Plays Slidey through the real C ABI table, as the launcher does, and
//! checks what a player sees: which piece of the picture is drawn in each
//! cell, the status line, the outcome. Where the launcher would deal a new
//! game (its New game, or the game asking for one), the test does what the
//! launcher does: it calls `new_game` with a seed.

use game_api::host::{
    CallErrorKind, GameInstance, GameLibrary, HostServices, NoServices, Recorder,
};
use game_api::{
    ActionKind, ChosenFile, Event, FileChoice, FileKind, GameResult, Modifiers, Outcome,
    PictureSource, Point, Response, Shape,
};
use game_test::play::frame;
use slidey::board::{Board, Cell, Dir, Shuffle, Size};
use slidey::game::{BOARD, MARGIN};
use slidey::picture::{Image, Landscape, SIDE};
use slidey::solver::solve;
use std::path::PathBuf;

fn start() -> GameInstance {
    // SAFETY: the entry function of the game linked into this test.
    let library = unsafe { GameLibrary::from_entry(slidey::game_api_entry()) }
        .expect("the game speaks this launcher's ABI");
    library
        .start(Box::new(NoServices))
        .expect("the game starts")
}

fn start_with(services: Box<dyn HostServices>) -> GameInstance {
    GameLibrary::from_static(&slidey::GAME_TABLE)
        .unwrap()
        .start(services)
        .unwrap()
}

fn start_recorded() -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    (start_with(Box::new(recorder.clone())), recorder)
}

/// The pictures drawn, with where and how large.
fn pictures(shapes: &[Shape]) -> Vec<(Point, Point, &[u8])> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Picture {
                source: PictureSource::Rgba(p),
                min,
                size,
            } => Some((*min, *size, &p.rgba[..])),
            _ => None,
        })
        .collect()
}

/// The board as the player sees it: the piece of `image` drawn in each
/// cell of a grid of `n` (a number for a square), the gap where none is.
fn seen_board(game: &mut GameInstance, image: &Image, n: impl Into<Size>) -> Board {
    let n = n.into();
    let tiles = image.cut(n.cols, n.rows);
    let shapes = frame(game);
    let pitch = Point::new(BOARD / n.cols as f32, BOARD / n.rows as f32);
    let mut cells = vec![0u16; n.cells()];
    for (min, size, pixels) in pictures(&shapes) {
        assert_eq!(size, pitch);
        let col = ((min.x - MARGIN) / pitch.x).round() as usize;
        let row = ((min.y - MARGIN) / pitch.y).round() as usize;
        assert_eq!(
            Point::new(MARGIN + col as f32 * pitch.x, MARGIN + row as f32 * pitch.y),
            min,
            "a tile drawn between cells"
        );
        let tile = tiles
            .iter()
            .position(|t| t.rgba == pixels)
            .expect("each tile is a piece of the picture");
        cells[row * n.cols + col] = tile as u16 + 1;
    }
    Board::from_cells(n, &cells).expect("each piece once, and one gap")
}

fn cell_center(n: usize, cell: Cell) -> Point {
    let pitch = BOARD / n as f32;
    Point::new(
        MARGIN + (cell.col as f32 + 0.5) * pitch,
        MARGIN + (cell.row as f32 + 0.5) * pitch,
    )
}

fn click(game: &mut GameInstance, n: usize, cell: Cell) -> Response {
    let pos = cell_center(n, cell);
    assert_eq!(
        game.handle_event(&Event::press(pos)).unwrap(),
        Response::NONE
    );
    game.handle_event(&Event::release(pos)).unwrap()
}

fn key(game: &mut GameInstance, name: &str) -> Response {
    game.handle_event(&Event::key(name)).unwrap()
}

fn arrow(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "ArrowUp",
        Dir::Down => "ArrowDown",
        Dir::Left => "ArrowLeft",
        Dir::Right => "ArrowRight",
    }
}

fn texts(shapes: &[Shape]) -> Vec<&str> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_game_introduces_itself_with_the_originals_6x6() {
    let mut game = start();
    assert_eq!(game.title().unwrap(), "Slidey");
    assert_eq!(game.canvas_size().unwrap(), Point::new(512.0, 512.0));
    assert!(
        game.status()
            .unwrap()
            .starts_with("Moves: 0 — slide the tiles back into place")
    );
    let board = seen_board(&mut game, &Image::builtin(Landscape), 6);
    assert!(!board.is_solved() && board.is_solvable(), "{board}");
    assert_eq!(board.gap(), Cell::new(5, 5));
    let actions = game.actions().unwrap();
    let ids: Vec<&str> = actions.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "across",
            "down",
            "picture",
            "peek",
            "numbers",
            "misplaced",
            "choose"
        ]
    );
    let sides: Vec<String> = (2..=30).map(|n| n.to_string()).collect();
    for across_or_down in &actions[..2] {
        assert_eq!(
            across_or_down.kind,
            ActionKind::Choice {
                options: sides.clone(),
                selected: "6".into()
            }
        );
    }
    let features = game.features();
    assert!(features.new_game && features.save && features.outcome);
    assert_eq!(game.regions().unwrap().len(), 36);
}

#[test]
fn a_board_7_across_and_3_down_is_dealt_drawn_and_played() {
    let (mut game, recorder) = start_recorded();
    game.invoke_action("across", "7").unwrap();
    game.invoke_action("down", "3").unwrap();
    game.new_game(7).unwrap();
    let image = Image::builtin(Landscape);
    let board = seen_board(&mut game, &image, Size::new(7, 3));
    assert_eq!(board, Shuffle::new(Size::new(7, 3), 7).board);
    assert_eq!(board.gap(), Cell::new(2, 6));
    assert_eq!(game.game_id().unwrap(), board.to_id());
    assert_eq!(game.regions().unwrap().len(), 21);
    // The tile above the gap slides down into it, drawn in its new cell
    // once its glide ends.
    key(&mut game, arrow(Dir::Down));
    while recorder.last().as_deref() != Some("tick stop") {
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
    }
    let mut expected = board.clone();
    expected.slide(Dir::Down).unwrap();
    assert_eq!(seen_board(&mut game, &image, Size::new(7, 3)), expected);
    assert!(game.status().unwrap().starts_with("Moves: 1 — "));
}

#[test]
fn a_whole_3x3_game_solved_by_ida_star_with_clicks_and_arrows() {
    let (mut game, recorder) = start_recorded();
    // Across and Down each ask the launcher for a new game, which deals it.
    assert_eq!(game.invoke_action("across", "3").unwrap(), Response::REDRAW);
    assert_eq!(game.invoke_action("down", "3").unwrap(), Response::REDRAW);
    assert_eq!(recorder.requests(), ["new game", "new game"]);
    game.new_game(2024).unwrap();
    let image = Image::builtin(Landscape);
    let mut board = seen_board(&mut game, &image, 3);
    assert_eq!(board, Shuffle::new(3, 2024).board);
    assert_eq!(game.game_id().unwrap(), board.to_id());
    let solution = solve(&board, 5_000_000).expect("3×3 is solved within the budget");
    assert!(!solution.is_empty());
    for (i, &dir) in solution.iter().enumerate() {
        // Every other move by a click on the tile that slides, the others by
        // the arrow key.
        let response = if i % 2 == 0 {
            let tile = board.gap().step(dir.opposite(), 3).unwrap();
            click(&mut game, 3, tile)
        } else {
            key(&mut game, arrow(dir))
        };
        assert_eq!(response, Response::REDRAW);
        board.slide(dir).unwrap();
        // Let the glide end, as the launcher's ticks would.
        while recorder.last().as_deref() != Some("tick stop") {
            assert_eq!(
                game.handle_event(&Event::Tick { dt: 0.05 }).unwrap(),
                Response::REDRAW
            );
        }
        if i + 1 < solution.len() {
            assert_eq!(seen_board(&mut game, &image, 3), board, "after move {i}");
            assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
            assert!(
                game.status()
                    .unwrap()
                    .starts_with(&format!("Moves: {} — ", i + 1))
            );
        }
    }
    let n = solution.len();
    assert_eq!(
        game.status().unwrap(),
        format!("Solved in {n} moves! Press N or click New game")
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(
        outcome.score,
        Some(n as i64),
        "the moves, fewer being better"
    );
    let shapes = frame(&mut game);
    let drawn = pictures(&shapes);
    assert_eq!(drawn.len(), 1, "the whole picture, corner and all");
    assert!(drawn[0].2 == image.pixels(), "the whole landscape");
    assert_eq!(texts(&shapes), ["Solved!", &format!("in {n} moves")]);
    // The solved picture takes no more moves.
    assert_eq!(key(&mut game, "ArrowRight"), Response::NONE);
    assert_eq!(game.outcome().unwrap().score, Some(n as i64));
    // N asks the launcher for the next game.
    assert_eq!(key(&mut game, "n"), Response::NONE);
    assert_eq!(recorder.last().as_deref(), Some("new game"));
}

#[test]
fn a_whole_6x6_game_won_by_undoing_the_shuffles_slides() {
    let mut game = start();
    game.new_game(77).unwrap();
    let image = Image::builtin(Landscape);
    let shuffle = Shuffle::new(6, 77);
    assert_eq!(seen_board(&mut game, &image, 6), shuffle.board);
    let solution = shuffle.solution();
    for &dir in &solution {
        assert_eq!(key(&mut game, arrow(dir)), Response::REDRAW);
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Won);
    assert_eq!(outcome.score, Some(solution.len() as i64));
    assert!(game.status().unwrap().starts_with("Solved in "));
    // The last tile glides in, then the whole picture shows.
    assert_eq!(pictures(&frame(&mut game)).len(), 35);
    game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
    let shapes = frame(&mut game);
    let drawn = pictures(&shapes);
    assert_eq!(drawn.len(), 1);
    assert!(drawn[0].2 == image.pixels(), "the whole landscape");
}

#[test]
fn a_slide_glides_on_ticks_but_the_board_changes_at_once() {
    let (mut game, recorder) = start_recorded();
    game.start_from_game_id("1,2,3/4,5,6/7,_,8").unwrap();
    let save_before = game.save().unwrap();
    assert_eq!(key(&mut game, "ArrowLeft"), Response::REDRAW);
    assert_eq!(recorder.last().as_deref(), Some("tick 0.016"));
    // Solved at once (the outcome does not wait for the glide)...
    assert_eq!(game.outcome().unwrap().result, GameResult::Won);
    assert_ne!(game.save().unwrap(), save_before);
    // ...and undoable at once: the launcher loads the save before it.
    game.load(&save_before).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    // While tile 8 glides, it is drawn between its cells.
    key(&mut game, "ArrowLeft");
    let n = 3;
    game.handle_event(&Event::Tick { dt: 0.05 }).unwrap();
    let xs: Vec<f32> = pictures(&frame(&mut game))
        .iter()
        .map(|(m, _, _)| m.x)
        .collect();
    assert!(xs.contains(&(MARGIN + 1.5 * BOARD / n as f32)), "{xs:?}");
    // A tick changes no saved byte: the launcher records no move for it.
    let mid_glide = game.save().unwrap();
    game.handle_event(&Event::Tick { dt: 0.06 }).unwrap();
    assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    assert_eq!(game.save().unwrap(), mid_glide);
    assert_eq!(
        game.handle_event(&Event::Tick { dt: 0.05 }).unwrap(),
        Response::NONE,
        "no more ticks wanted"
    );
}

#[test]
fn undo_restart_and_game_ids_through_the_abi() {
    let mut game = start();
    game.start_from_game_id("1,2,3,4/5,6,7,8/9,10,11,12/13,_,14,15")
        .unwrap();
    let dealt = game.save().unwrap();
    // Across and Down show the ID's size.
    let actions = game.actions().unwrap();
    for across_or_down in &actions[..2] {
        assert!(
            matches!(&across_or_down.kind, ActionKind::Choice { selected, .. } if selected == "4")
        );
    }
    click(&mut game, 4, Cell::new(3, 0));
    assert!(game.status().unwrap().starts_with("Moves: 1 — "));
    assert_eq!(game.outcome().unwrap(), Outcome::PLAYING);
    // Undo: the launcher loads the position before.
    game.load(&dealt).unwrap();
    click(&mut game, 4, Cell::new(3, 3));
    assert_eq!(game.outcome().unwrap(), Outcome::won().with_score(2));
    // Restart: the launcher loads the position as dealt.
    game.load(&dealt).unwrap();
    assert!(game.status().unwrap().starts_with("Moves: 0 — "));
    assert_eq!(
        game.game_id().unwrap(),
        "1,2,3,4/5,6,7,8/9,10,11,12/13,_,14,15"
    );
    let err = game.start_from_game_id("1,2,3/4,5,6/8,7,_").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    assert!(err.message.contains("cannot be solved"), "{}", err.message);
    let err = game.load(b"Slidey save 1\nstart nonsense\n").unwrap_err();
    assert_eq!(err.kind, CallErrorKind::Error);
    // Refusals keep the game.
    assert_eq!(
        game.game_id().unwrap(),
        "1,2,3,4/5,6,7,8/9,10,11,12/13,_,14,15"
    );
}

#[test]
fn the_keyboard_alone_plays_with_shift_arrows_and_enter() {
    let mut game = start();
    game.start_from_game_id("1,2,3/4,5,6/_,7,8").unwrap();
    let shift = |key: &str| Event::KeyPress {
        key: key.into(),
        modifiers: Modifiers::SHIFT,
    };
    // Neither the highlight nor the pointer is part of a position.
    let dealt = game.save().unwrap();
    game.handle_event(&Event::PointerMove {
        pos: cell_center(3, Cell::new(1, 1)),
    })
    .unwrap();
    game.handle_event(&Event::PointerLeave).unwrap();
    assert_eq!(game.save().unwrap(), dealt);
    // The highlight starts on the gap and moves right twice.
    for name in ["ArrowUp", "ArrowRight", "ArrowRight"] {
        assert_eq!(game.handle_event(&shift(name)).unwrap(), Response::REDRAW);
    }
    assert_eq!(key(&mut game, "Enter"), Response::REDRAW);
    assert_eq!(game.outcome().unwrap(), Outcome::won().with_score(2));
    assert_eq!(key(&mut game, "F13"), Response::NONE);
}

/// Services whose data directory is a directory of the test's, and that
/// count the file dialogs asked for.
struct WithDataDir(String, std::rc::Rc<std::cell::Cell<u32>>);

impl HostServices for WithDataDir {
    fn show_text_help(&mut self, _: &str, _: bool) {}
    fn show_manual_section(&mut self, _: &str) {}
    fn request_redraw(&mut self) {}
    fn log(&mut self, message: &str) {
        panic!("the game logged {message:?}");
    }
    fn data_dir(&mut self) -> Option<&str> {
        Some(&self.0)
    }
    fn choose_file(&mut self, kind: u32) {
        assert_eq!(kind, game_api::abi::FILE_KIND_PICTURE);
        self.1.set(self.1.get() + 1);
    }
}

/// A fresh directory of this test's.
fn test_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("slidey-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_jpeg_chosen_in_the_launchers_dialog_becomes_the_remembered_picture() {
    let dir = test_dir("chooser");
    let dialogs = std::rc::Rc::new(std::cell::Cell::new(0));
    let services = || {
        Box::new(WithDataDir(
            dir.to_str().unwrap().to_owned(),
            dialogs.clone(),
        ))
    };
    let mut game = start_with(services());
    game.new_game(9).unwrap();
    // O, the button's shortcut, is the launcher's to invoke: it calls the action.
    assert_eq!(game.invoke_action("choose", "").unwrap(), Response::REDRAW);
    assert_eq!(dialogs.get(), 1);
    // Cancelled: nothing changes.
    let cancelled = FileChoice::Cancelled(FileKind::Picture);
    assert_eq!(game.file_chosen(&cancelled).unwrap(), Response::NONE);
    assert_eq!(
        seen_board(&mut game, &Image::builtin(Landscape), 6),
        Shuffle::new(6, 9).board
    );
    // Chosen: the tiles are pieces of the photo, the board is the same.
    let jpeg = std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gradient.jpg"),
    )
    .unwrap();
    let chosen = FileChoice::Chosen(ChosenFile {
        kind: FileKind::Picture,
        name: "gradient.jpg".into(),
        bytes: jpeg.clone(),
    });
    assert_eq!(game.file_chosen(&chosen).unwrap(), Response::REDRAW);
    let photo = Image::from_bytes(&jpeg).unwrap();
    assert_eq!(seen_board(&mut game, &photo, 6), Shuffle::new(6, 9).board);
    assert!(
        game.status()
            .unwrap()
            .ends_with("The picture is now gradient.jpg")
    );
    // A file that is no picture is refused in the status line.
    let text = FileChoice::Chosen(ChosenFile {
        kind: FileKind::Picture,
        name: "notes.png".into(),
        bytes: b"not a picture".to_vec(),
    });
    game.file_chosen(&text).unwrap();
    assert!(
        game.status()
            .unwrap()
            .contains("notes.png: That file is not a picture Slidey can read")
    );
    game.close().unwrap();
    // Remembered: the next session starts with it.
    let mut game = start_with(services());
    game.new_game(9).unwrap();
    assert_eq!(seen_board(&mut game, &photo, 6), Shuffle::new(6, 9).board);
    game.close().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_players_picture_and_settings_are_remembered_in_the_data_directory() {
    let dir = test_dir("data");
    // A 120 × 90 PNG: its middle 90 × 90 square is a gradient.
    let mut png = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut png, 120, 90);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        let mut data = Vec::new();
        for y in 0..90u32 {
            for x in 0..120u32 {
                data.extend([(x * 2) as u8, (y * 2) as u8, 128]);
            }
        }
        writer.write_image_data(&data).unwrap();
    }
    std::fs::write(dir.join("picture.png"), &png).unwrap();
    let dialogs = std::rc::Rc::new(std::cell::Cell::new(0));
    let services = || {
        Box::new(WithDataDir(
            dir.to_str().unwrap().to_owned(),
            dialogs.clone(),
        ))
    };

    let mut game = start_with(services());
    let own = Image::from_png(&png).unwrap();
    assert_eq!(own.side(), SIDE);
    game.new_game(5).unwrap();
    assert_eq!(seen_board(&mut game, &own, 6), Shuffle::new(6, 5).board);
    let picture = &game.actions().unwrap()[2];
    assert!(
        matches!(&picture.kind, ActionKind::Choice { selected, .. } if selected == "Your picture")
    );
    // Numbers on, and the landscape, are kept for the next session.
    game.invoke_action("numbers", "").unwrap();
    game.invoke_action("picture", "Landscape").unwrap();
    // (The file was first written with Numbers, before any picture was
    // chosen: each line keeps its place, a new one goes last.)
    let settings = std::fs::read_to_string(dir.join("settings.txt")).unwrap();
    assert_eq!(settings, "numbers on\nmisplaced off\npicture landscape\n");
    game.close().unwrap();

    let mut game = start_with(services());
    game.new_game(5).unwrap();
    assert_eq!(
        seen_board(&mut game, &Image::builtin(Landscape), 6),
        Shuffle::new(6, 5).board
    );
    assert_eq!(texts(&frame(&mut game)).len(), 35, "a number on every tile");
    game.close().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
