//! The command line, run as a user would run it.

mod support;

use launcher_tests::GamesDir;
use std::process::Output;
use support::{assert_listed_ok, launcher_with_games};

fn launcher(args: &[&str], games: &GamesDir) -> Output {
    launcher_with_games(args, games.path())
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn list_prints_every_game_and_every_problem_and_exits_0() {
    let games = GamesDir::new();
    games.add_with_library(
        "hello-game",
        "game = \"hello_game\"\ngame-set = \"Demo Games\"\n",
        "hello_game",
    );
    games.add_with_library("future", "game = \"wrong_abi\"\n", "wrong_abi");
    games.add("syntax", "game = \n");
    let out = launcher(&["--list"], &games);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);

    let hello_dir = games.path().join("hello-game");
    assert_listed_ok(
        &stdout,
        "Demo Games",
        "Hello Game",
        &hello_dir,
        "hello_game",
    );

    // The incompatible library is loaded to check it, and refused naming both versions.
    assert!(stdout.contains("state:     broken: "), "{stdout}");
    assert!(
        stdout.contains("built for game ABI version 999"),
        "{stdout}"
    );
    // The broken manifest is listed with its file, line and column.
    assert!(
        stdout.contains("Problems (2 errors, 0 warnings):"),
        "{stdout}"
    );
    assert!(
        stdout.contains("syntax/info.toml: line 1, column 8: TOML syntax error"),
        "{stdout}"
    );
    assert!(
        stdout.contains("  error: ") && stdout.contains("libwrong_abi.so: the game was built for"),
        "{stdout}"
    );
}

#[test]
fn a_game_built_for_the_first_revision_is_listed_ok_without_a_warning() {
    let games = GamesDir::new();
    let dir = games.add_with_library(
        "version-one",
        "game = \"v1_game\"\ngame-set = \"Old Games\"\n",
        "v1_game",
    );
    let out = launcher(&["--list"], &games);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_listed_ok(&stdout, "Old Games", "Version One", &dir, "v1_game");
    assert!(!stdout.contains("warning"), "{stdout}");
    assert!(
        stdout.contains("Problems: none") || !stdout.contains("Problems ("),
        "{stdout}"
    );
}

#[test]
fn a_game_written_in_c_is_listed_ok_without_a_warning() {
    let games = GamesDir::new();
    let dir = games.add_c_game("lamp-grid");
    let out = launcher(&["--list"], &games);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_listed_ok(
        &stdout,
        "Puzzle Games",
        "Lamp Grid",
        &dir,
        launcher_tests::C_GAME,
    );
    assert!(!stdout.contains("warning"), "{stdout}");
    assert!(
        stdout.contains("Problems: none") || !stdout.contains("Problems ("),
        "{stdout}"
    );
}

#[test]
fn list_without_loading_reports_only_what_the_files_say() {
    let games = GamesDir::new();
    games.add_with_library("future", "game = \"wrong_abi\"\n", "wrong_abi");
    let out = launcher(&["--list", "--no-load"], &games);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("state:     ok (library not loaded)"),
        "{stdout}"
    );
}

#[test]
fn an_empty_search_path_says_so() {
    let games = GamesDir::new();
    let out = launcher(&["--list"], &games);
    assert!(out.status.success());
    // First how games run here (which sandbox layers this machine gives
    // them), then the list.
    let stdout = text(&out.stdout);
    let (how, list) = stdout.split_once("\n\n").expect("a line, then the list");
    assert!(how.starts_with("Games run "), "{how}");
    // The directory named on the command line holds nothing: a note says
    // what a game directory looks like.
    assert_eq!(
        list,
        format!(
            "No games found.\n\nProblems (0 errors, 1 warning):\n  warning: {0}: games directory from --games-dir holds no games; a game is a directory with an info.toml inside ({0}/<game>/info.toml)\n",
            games.path().display()
        )
    );
}

#[test]
fn help_explains_every_flag() {
    let games = GamesDir::new();
    let out = launcher(&["--help"], &games);
    assert!(out.status.success());
    let help = text(&out.stdout);
    for flag in [
        "--games-dir",
        "--library-dir",
        "--list",
        "--no-load",
        "--play",
        "--help",
        "--version",
    ] {
        assert!(help.contains(flag), "--help lacks {flag}: {help}");
    }
    assert!(help.contains(launcher::catalog::GAMES_PATH_ENV), "{help}");
    // The launcher's own modes for its child processes are not the player's.
    assert!(
        !help.contains("--game-host"),
        "--help shows --game-host: {help}"
    );
}

#[test]
fn play_with_an_unknown_game_fails_with_a_pointer_to_list() {
    let games = GamesDir::new();
    let out = launcher(&["--play", "nonesuch"], &games);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("no game directory named \"nonesuch\""),
        "{stderr}"
    );
    assert!(stderr.contains("plt-games --list"), "{stderr}");
}

/// A file given alone is opened as `--open FILE` opens it: the desktop
/// entry starts the launcher so for a `.pltgame` file a file manager opens
/// (`Exec=plt-games %f`). One that is not a saved game is refused alike,
/// before any window; both at once is a mistake said by the parser.
#[test]
fn a_file_given_alone_is_opened_as_open_opens_it() {
    let games = GamesDir::new();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-game.pltgame");
    std::fs::write(&file, "a shopping list\n").unwrap();
    let file = file.to_str().unwrap();
    let alone = launcher(&[file], &games);
    let open = launcher(&["--open", file], &games);
    assert_eq!(alone.status.code(), Some(2));
    assert_eq!(open.status.code(), Some(2));
    let stderr = text(&alone.stderr);
    assert!(
        stderr.contains(&format!("plt-games: The file {file} cannot be opened")),
        "{stderr}"
    );
    assert_eq!(stderr, text(&open.stderr));
    let both = launcher(&["--open", file, file], &games);
    assert_eq!(both.status.code(), Some(2));
    assert!(
        text(&both.stderr).contains("cannot be used with"),
        "{}",
        text(&both.stderr)
    );
}
