//! The settings the game keeps in the launcher's data directory: the board
//! size New game deals and whether the next maze's changes are shown. They
//! come back in the next session, and are not part of saved games.

use game_api::host::{GameInstance, GameLibrary, HostServices};
use game_api::{ActionKind, Event};
use std::path::PathBuf;

/// A host whose data directory is `dir`, and that starts new games itself
/// (the test plays the launcher's part by calling `new_game`).
struct WithDataDir(String);

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
}

fn start(dir: &std::path::Path) -> GameInstance {
    GameLibrary::from_static(&tally_maze::GAME_TABLE)
        .unwrap()
        .start(Box::new(WithDataDir(dir.to_str().unwrap().to_owned())))
        .unwrap()
}

fn selected(game: &mut GameInstance, id: &str) -> String {
    let action = game
        .actions()
        .unwrap()
        .into_iter()
        .find(|a| a.id == id)
        .unwrap();
    match action.kind {
        ActionKind::Choice { selected, .. } => selected,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_size_and_the_preview_are_kept_for_the_next_session() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("tally-maze-settings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut game = start(&dir);
    assert_eq!(selected(&mut game, "size"), "12");
    assert_eq!(selected(&mut game, "preview"), "Hidden");
    let saved = game.save().unwrap();
    game.invoke_action("size", "6").unwrap();
    game.handle_event(&Event::key("p")).unwrap();
    assert_eq!(selected(&mut game, "preview"), "Shown");
    game.load(&saved).unwrap();
    assert_eq!(
        selected(&mut game, "preview"),
        "Shown",
        "a load keeps the settings"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("settings.txt")).unwrap(),
        "size 6\npreview on\n"
    );
    // The next session deals a 6 × 6 maze and shows the preview.
    let mut next = start(&dir);
    assert!(next.game_id().unwrap().starts_with("6x6:"));
    assert_eq!(selected(&mut next, "size"), "6");
    assert_eq!(selected(&mut next, "preview"), "Shown");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file an earlier version wrote (`size=6`, `preview=on`) is read as
/// before, and written in `game_api::settings`' form when a setting
/// changes, with a line this version does not know kept.
#[test]
fn an_earlier_settings_file_is_read_and_written_anew() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("tally-maze-earlier-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("settings.txt");
    std::fs::write(&file, "size=6\nlater 1\npreview=on\n").unwrap();
    let mut game = start(&dir);
    assert_eq!(selected(&mut game, "size"), "6");
    assert_eq!(selected(&mut game, "preview"), "Shown");
    game.handle_event(&Event::key("p")).unwrap();
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "later 1\nsize 6\npreview off\n"
    );
    let mut next = start(&dir);
    assert_eq!(selected(&mut next, "size"), "6");
    assert_eq!(selected(&mut next, "preview"), "Hidden");
    std::fs::remove_dir_all(&dir).unwrap();
}
