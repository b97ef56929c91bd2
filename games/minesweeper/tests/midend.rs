//! What the launcher builds its undo, redo, restart, resume, New game,
//! Game ID field and statistics on: Minesweeper's `save` and `load`,
//! `new_game`, `game_id` and `start_from_game_id`, and `outcome`, through
//! the C ABI table as the launcher calls them; the keyboard; and the local
//! fallback when the host cannot start games.

use game_api::host::{CallErrorKind, GameInstance, GameLibrary, Recorder};
use game_api::{Event, Game, GameResult, Host, NewGame, Point, RecordingPainter, Response};
use minesweeper::Minesweeper;

fn start() -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    let game = GameLibrary::from_static(&minesweeper::GAME_TABLE)
        .unwrap()
        .start(Box::new(recorder.clone()))
        .unwrap();
    (game, recorder)
}

/// Everything drawn, and the status line.
fn shown(game: &mut GameInstance) -> (String, String) {
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).unwrap();
    (format!("{:?}", painter.shapes), game.status().unwrap())
}

/// The centre of the tile at `row`, `col` as the regions give it.
fn centre(game: &mut GameInstance, row: usize, col: usize) -> Point {
    let prefix = format!("row {}, column {}:", row + 1, col + 1);
    game.regions()
        .unwrap()
        .into_iter()
        .find(|r| r.label.starts_with(&prefix))
        .unwrap()
        .center()
}

fn click(game: &mut GameInstance, pos: Point) -> Response {
    game.handle_event(&Event::press(pos)).unwrap();
    game.handle_event(&Event::release(pos)).unwrap()
}

#[test]
fn the_same_seed_and_first_click_deal_the_same_board() {
    let (mut a, _) = start();
    let (mut b, _) = start();
    for game in [&mut a, &mut b] {
        game.new_game(99).unwrap();
        let pos = centre(game, 4, 4);
        click(game, pos);
    }
    assert_eq!(shown(&mut a), shown(&mut b));
    assert_eq!(a.save().unwrap(), b.save().unwrap());
    b.new_game(100).unwrap();
    let pos = centre(&mut b, 4, 4);
    click(&mut b, pos);
    assert_ne!(a.save().unwrap(), b.save().unwrap());
}

#[test]
fn a_save_loads_back_and_bad_bytes_are_refused_with_the_game_unchanged() {
    let (mut game, _) = start();
    game.start_from_game_id("9x9:10:no-guess:5:5,5").unwrap();
    let pos = centre(&mut game, 0, 0);
    game.handle_event(&Event::PointerRelease {
        pos,
        button: game_api::Button::Secondary,
        modifiers: game_api::Modifiers::NONE,
    })
    .unwrap();
    let bytes = game.save().unwrap();
    let seen = shown(&mut game);
    let (mut other, _) = start();
    other.load(&bytes).unwrap();
    assert_eq!(shown(&mut other), seen);
    assert_eq!(other.game_id().unwrap(), "9x9:10:no-guess:5:5,5");

    let lights_out = b"Lights Out save 1\nstart ...\nend\n".to_vec();
    let text = String::from_utf8(bytes.clone()).unwrap();
    let newer = text.replacen("save 1", "save 2", 1).into_bytes();
    let bad_tile = text.replacen("\ntiles F", "\ntiles Z", 1).into_bytes();
    let mine_moved = text.replacen("\nmines ", "\nmines *", 1).into_bytes();
    for bad in [
        b"garbage".to_vec(),
        bytes[..bytes.len() - 4].to_vec(),
        lights_out,
        newer,
        bad_tile,
        mine_moved,
    ] {
        let err = other.load(&bad).unwrap_err();
        assert_eq!(err.kind, CallErrorKind::Error);
        assert!(err.message.contains("Minesweeper"), "{}", err.message);
        assert_eq!(shown(&mut other), seen, "the game is unchanged");
    }
}

#[test]
fn bad_game_ids_are_explained_and_change_nothing() {
    let (mut game, _) = start();
    game.new_game(3).unwrap();
    let id = game.game_id().unwrap();
    for (bad, says) in [
        ("", "Type or paste a game ID"),
        ("minesweeper", "is not a game ID of Minesweeper"),
        ("9x9:10:lucky:3", "neither no-guess nor classic"),
        ("50x9:10:classic:3", "5 to 40 tiles wide"),
        ("9x9:10:classic:3:0,1", "is not a column from 1 to 9"),
    ] {
        let err = game.start_from_game_id(bad).unwrap_err();
        assert!(err.message.contains(says), "{bad:?}: {}", err.message);
        assert_eq!(game.game_id().unwrap(), id);
    }
}

#[test]
fn the_keyboard_alone_plays() {
    let (mut game, _) = start();
    game.start_from_game_id("9x9:10:classic:8").unwrap();
    assert_eq!(
        game.handle_event(&Event::key("ArrowDown")).unwrap(),
        Response::REDRAW
    );
    assert!(
        game.status()
            .unwrap()
            .starts_with("row 5, column 5 (covered): Enter uncovers, F flags")
    );
    game.handle_event(&Event::key("Enter")).unwrap();
    assert_eq!(game.game_id().unwrap(), "9x9:10:classic:8:5,5");
    game.handle_event(&Event::key("ArrowRight")).unwrap();
    assert!(game.status().unwrap().starts_with("row 5, column 6 ("));
    assert_eq!(game.outcome().unwrap().result, GameResult::Playing);
    // Keys the game does not use change nothing.
    assert_eq!(
        game.handle_event(&Event::key("F13")).unwrap(),
        Response::NONE
    );
}

#[test]
fn h_shows_the_help_and_n_asks_for_a_new_game_only_when_over() {
    let (mut game, recorder) = start();
    game.handle_event(&Event::key("h")).unwrap();
    assert_eq!(
        recorder.last().as_deref(),
        Some("help Minesweeper Help false")
    );
    game.handle_event(&Event::key("n")).unwrap();
    assert_eq!(
        recorder.last().as_deref(),
        Some("help Minesweeper Help false")
    );
}

#[test]
fn without_a_launcher_to_ask_a_choice_deals_the_new_board_itself() {
    let mut game = Minesweeper::new(Host::detached()).unwrap();
    let before = game.game_id();
    assert_eq!(
        game.invoke_action("board", "Intermediate 16×16, 40 mines"),
        Ok(Response::REDRAW)
    );
    assert_ne!(game.game_id(), before);
    assert!(game.game_id().starts_with("16x16:40:no-guess:"));
}
