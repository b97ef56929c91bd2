//! The C template (`docs/template-c-game`, Lamp Grid) works as the guide's
//! section 14 promises: copied out of this repository and built with the
//! very command the guide shows, then installed into a games directory with
//! its `info.toml` and `doc.txt`, `plt-games --check` finds it fine, and the
//! launcher's loader plays it.

mod support;

use game_api::Event;
use game_api::host::Recorder;
use launcher::loader::Loader;
use launcher_tests::{GamesDir, libloading_name, workspace_root};
use std::process::Command;
use support::{assert_listed_ok, launcher_with_games};

/// The library base name of `info.toml` (`game = "lamp_grid"`).
const BASE: &str = "lamp_grid";

/// The guide's command that builds the C template (the `sh` block of
/// section 14 that runs `cc`), with the checkout it names (`~/src/plt-games`)
/// replaced by this repository: the program and its arguments.
fn the_guides_build_command() -> Vec<String> {
    let guide = std::fs::read_to_string(workspace_root().join("docs/writing-a-game.md"))
        .expect("the guide");
    let (_, c_chapter) = guide
        .split_once("## 14. Writing a game in C")
        .expect("the guide has its C chapter");
    let block = c_chapter
        .split("```sh\n")
        .skip(1)
        .filter_map(|rest| rest.split_once("```").map(|(block, _)| block))
        .find(|block| block.trim_start().starts_with("cc "))
        .expect("the C chapter shows the cc command in an sh block");
    let root = workspace_root();
    let root = root.to_str().expect("a UTF-8 path");
    block
        .replace("\\\n", " ")
        .replace("~/src/plt-games", root)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_c_template_built_with_the_guides_command_is_checked_ok_and_plays() {
    let work = tempfile::tempdir().expect("a temporary directory");
    // Copied out of the repository, as an author starts.
    let copy = work.path().join("lamp-grid");
    std::fs::create_dir(&copy).unwrap();
    for entry in std::fs::read_dir(workspace_root().join("docs/template-c-game")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), copy.join(entry.file_name())).expect("copy a file");
    }
    let command = the_guides_build_command();
    assert_eq!(command[0], "cc", "{command:?}");
    assert!(
        command.ends_with(&["-o".into(), "liblamp_grid.so".into(), "lamp_grid.c".into()]),
        "{command:?}"
    );
    // `$CC` stands for `cc` where it is set, as for the other C builds.
    let cc = std::env::var("CC")
        .ok()
        .filter(|cc| !cc.trim().is_empty())
        .unwrap_or_else(|| "cc".into());
    let mut cc = cc.split_whitespace();
    let built = Command::new(cc.next().unwrap())
        .args(cc)
        .args(&command[1..])
        .current_dir(&copy)
        .output()
        .expect("a C compiler runs");
    assert!(
        built.status.success(),
        "{command:?} failed:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );

    // Installed: a directory holding the library, info.toml and doc.txt.
    let games = GamesDir::new();
    let dir = games.path().join("lamp-grid");
    std::fs::create_dir(&dir).unwrap();
    for file in ["info.toml", "doc.txt"] {
        std::fs::copy(copy.join(file), dir.join(file)).unwrap();
    }
    std::fs::copy(
        copy.join("liblamp_grid.so"),
        dir.join(libloading_name(BASE)),
    )
    .unwrap();
    let out = launcher_with_games(&["--check"], games.path());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_listed_ok(&stdout, "Puzzle Games", "Lamp Grid", &dir, BASE);
    assert!(!stdout.contains("Problems"), "{stdout}");

    // Played through the launcher's loader: a click on the first lamp is a
    // move.
    let library = Loader::new()
        .load(&dir.join(libloading_name(BASE)))
        .expect("the C template's library loads");
    let mut game = library
        .start(Box::new(Recorder::new()))
        .expect("the game starts");
    assert_eq!(game.title().unwrap(), "Lamp Grid");
    // The plus of lamps in the middle: the first lamp's press does not
    // solve it.
    game.start_from_game_id("010-111-010").unwrap();
    assert_eq!(game.status().unwrap(), "5 lamps lit, 0 moves");
    let lamp = game_api::Point::new(60.0, 60.0);
    game.handle_event(&Event::press(lamp)).unwrap();
    let answer = game.handle_event(&Event::release(lamp)).unwrap();
    assert!(answer.redraw);
    // Lamps 1, 2 and 4 switched: 1 on, 2 and 4 off.
    assert_eq!(game.status().unwrap(), "4 lamps lit, 1 move");
}
