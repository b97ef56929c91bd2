//! The plugin authors' template (`docs/template-game`) works as the guide
//! (`docs/writing-a-game.md`) promises: copied out of this repository, built
//! on its own with cargo, and installed into a games directory, it is listed
//! and played by the launcher as it is, without rebuilding the launcher. A
//! copy built against a `game-api` of another ABI version is refused with a
//! message naming both versions.
//!
//! The builds go to `target/fixtures/template` (and `template-abi`), so
//! repeated runs only recompile the copied crate.

mod support;

use game_api::host::{AbiError, GameInstance, Recorder};
use game_api::{Event, Point, RecordingPainter, Shape};
use launcher::catalog::{Catalog, SearchPath};
use launcher::loader::{LoadError, Loader};
use launcher_help::text_help::{Block, format_text_help};
use launcher_tests::{GamesDir, libloading_name, workspace_root};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use support::{assert_listed_ok, launcher_with_games};

/// The template's library base name (`game = "dot_catcher"`).
const BASE: &str = "dot_catcher";
/// The dependency line the template ships with, which only works inside
/// this repository.
const IN_REPO_DEPENDENCY: &str = r#"game-api = { path = "../../game-api" }"#;
/// The conformance kit, the template's one dev-dependency, likewise.
const IN_REPO_KIT: &str = r#"game-test = { path = "../../game-api/testing" }"#;
/// The files a player installs beside the library.
const DATA_FILES: [&str; 3] = ["info.toml", "dot-catcher.png", "doc.txt"];

fn template_dir() -> PathBuf {
    workspace_root().join("docs").join("template-game")
}

/// Copies a crate's directory, leaving out build output and the lock file.
fn copy_crate(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create directory");
    for entry in std::fs::read_dir(from).expect("read directory") {
        let entry = entry.expect("directory entry");
        let name = entry.file_name();
        if matches!(name.to_str(), Some("target" | "Cargo.lock")) {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            copy_crate(&path, &to.join(&name));
        } else {
            std::fs::copy(&path, to.join(&name)).expect("copy file");
        }
    }
}

/// A TOML literal string holding `path` (no escapes are interpreted).
fn toml_path(path: &Path) -> String {
    let text = path.to_str().expect("a UTF-8 path");
    assert!(
        !text.contains('\''),
        "{text} cannot be a TOML literal string"
    );
    format!("'{text}'")
}

/// Copies the template into `into/template`, pointing its game-api
/// dependency at `game_api` (an absolute path), as an author outside this
/// repository would.
fn copy_template(into: &Path, game_api: &Path) -> PathBuf {
    let dir = into.join("template");
    copy_crate(&template_dir(), &dir);
    let manifest = dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("read the template's Cargo.toml");
    assert_eq!(
        text.matches(IN_REPO_DEPENDENCY).count(),
        1,
        "the template's Cargo.toml should depend on game-api with `{IN_REPO_DEPENDENCY}`"
    );
    let text = text.replace(
        IN_REPO_DEPENDENCY,
        &format!("game-api = {{ path = {} }}", toml_path(game_api)),
    );
    assert_eq!(text.matches(IN_REPO_KIT).count(), 1, "{text}");
    // The kit is built on this repository's game-api: a template built
    // against another copy (another ABI version) goes without it, as its
    // tests are not built then.
    let kit = workspace_root().join("game-api").join("testing");
    let kit = if game_api == workspace_root().join("game-api") {
        format!("game-test = {{ path = {} }}", toml_path(&kit))
    } else {
        String::new()
    };
    let text = text.replace(IN_REPO_KIT, &kit);
    std::fs::write(&manifest, text).expect("write the template's Cargo.toml");
    dir
}

/// Builds the crate at `dir` with `cargo build` into `target/fixtures/<name>`
/// and returns the library.
fn cargo_build(dir: &Path, name: &str) -> PathBuf {
    let target = workspace_root().join("target").join("fixtures").join(name);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["build", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "building the template failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let library = target.join("debug").join(libloading_name(BASE));
    assert!(library.is_file(), "{} was not built", library.display());
    library
}

/// The template, built once per test process against this repository's
/// game-api from a copy outside the repository.
fn built_template() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let outside = tempfile::tempdir().expect("a temporary directory");
        let dir = copy_template(outside.path(), &workspace_root().join("game-api"));
        cargo_build(&dir, "template")
    })
}

/// A copy of this repository's game-api whose ABI version is one more than
/// the launcher's, as a future (or stale) game-api would be.
fn other_abi_game_api(into: &Path) -> PathBuf {
    let source = workspace_root().join("game-api");
    let dir = into.join("game-api");
    copy_crate(&source, &dir);

    // Issue 15: game-api has package fields of its own, so a copy outside
    // the workspace builds as it is (the template is built against it).
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("read Cargo.toml");
    assert!(
        !manifest.contains("workspace = true"),
        "game-api inherits from the launcher's workspace, so a copy does not build: {manifest}"
    );

    let abi = dir.join("src").join("abi.rs");
    let text = std::fs::read_to_string(&abi).expect("read abi.rs");
    let current = format!("pub const ABI_VERSION: u32 = {};", game_api::ABI_VERSION);
    assert_eq!(
        text.matches(&current).count(),
        1,
        "abi.rs declares `{current}`"
    );
    let bumped = format!(
        "pub const ABI_VERSION: u32 = {};",
        game_api::ABI_VERSION + 1
    );
    std::fs::write(&abi, text.replace(&current, &bumped)).expect("write abi.rs");
    dir
}

/// Installs the template as a player would: its directory with the data
/// files and the built library, under `games/<dir_name>`.
fn install(games: &GamesDir, dir_name: &str, library: &Path) -> PathBuf {
    let game = games.path().join(dir_name);
    std::fs::create_dir_all(&game).expect("create the game's directory");
    for file in DATA_FILES {
        std::fs::copy(template_dir().join(file), game.join(file)).expect("copy a data file");
    }
    std::fs::copy(library, game.join(libloading_name(BASE))).expect("copy the library");
    game
}

/// Runs the real launcher binary with `--games-dir`, keeping the user's own
/// games and environment out.
fn launcher(args: &[&str], games: &GamesDir) -> Output {
    launcher_with_games(args, games.path())
}

fn catalog_of(games: &GamesDir) -> Catalog {
    Catalog::scan(&SearchPath::only([games.path()]), &[])
}

/// The dot's centre and radius, as the game drew it: the last circle
/// larger than the score's small circles.
fn drawn_dot(game: &mut GameInstance) -> (Point, f32) {
    let mut painter = RecordingPainter::new();
    let report = game.draw(&mut painter).expect("the game draws");
    assert_eq!((report.invalid, report.over_limit), (0, 0));
    painter
        .shapes
        .iter()
        .rev()
        .find_map(|s| match s {
            Shape::Circle { center, radius, .. } if *radius > 10.0 => Some((*center, *radius)),
            _ => None,
        })
        .expect("the dot is drawn")
}

fn click(game: &mut GameInstance, pos: Point) -> bool {
    let press = Event::press(pos);
    let release = Event::release(pos);
    game.handle_event(&press).expect("press");
    game.handle_event(&release).expect("release").redraw
}

#[test]
fn the_template_built_outside_the_repository_is_listed_as_ok() {
    let games = GamesDir::new();
    let dir = install(&games, "dot-catcher", built_template());
    let out = launcher(&["--list"], &games);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_listed_ok(&stdout, "Arcade Games", "Dot Catcher", &dir, BASE);
    assert!(!stdout.contains("Problems"), "{stdout}");
}

#[test]
fn the_installed_template_has_its_icon_and_help_and_plays() {
    let games = GamesDir::new();
    install(&games, "dot-catcher", built_template());

    // The console's view: every field of info.toml read, nothing missing.
    let catalog = catalog_of(&games);
    let entry = catalog.find("dot-catcher").expect("the game is found");
    assert!(entry.problems.is_empty(), "{:?}", entry.problems);
    assert!(entry.is_playable());
    assert_eq!(entry.name, "Dot Catcher");
    assert_eq!(entry.game_set, "Arcade Games");
    assert!(
        entry
            .icon
            .as_ref()
            .is_some_and(|p| p.ends_with("dot-catcher.png"))
    );
    let icon = launcher::icons::load_icon(entry.icon.as_ref().unwrap()).expect("a usable icon");
    assert_eq!(icon.size, [32, 32]);

    // Its doc.txt as the launcher formats it (§4).
    let doc = std::fs::read_to_string(entry.help.as_ref().expect("doc.txt")).unwrap();
    let help = format_text_help(&doc);
    assert_eq!(help.blocks[0], Block::Title("Dot Catcher".into()));
    assert!(help.blocks.contains(&Block::Title("Controls".into())));
    let bullets = help
        .blocks
        .iter()
        .filter(|b| matches!(b, Block::Bullet(_)))
        .count();
    assert_eq!(bullets, 6, "{help}");

    // Loaded as the launcher loads it, and played through the C ABI.
    let library = Loader::new()
        .load(entry.library.as_ref().unwrap())
        .expect("the template's library loads");
    let recorder = Recorder::new();
    let mut game = library
        .start(Box::new(recorder.clone()))
        .expect("the game starts");
    assert_eq!(game.title().unwrap(), "Dot Catcher");
    assert_eq!(game.canvas_size().unwrap(), Point::new(480.0, 320.0));
    let status = game.status().unwrap();
    assert!(status.starts_with("Caught 0 of 10, missed 0"), "{status}");

    // A click on the dot catches it; the dot glides away on the ticks it
    // asks for, which the test sends as the launcher would, until it asks
    // for no more.
    let (dot, radius) = drawn_dot(&mut game);
    assert!(click(&mut game, dot));
    let status = game.status().unwrap();
    assert!(status.starts_with("Caught 1 of 10, missed 0"), "{status}");
    assert!(recorder.last().is_some_and(|r| r.starts_with("tick 0.0")));
    let mut ticks = 0;
    while recorder.last().as_deref() != Some("tick stop") {
        let tick = Event::Tick { dt: 1.0 / 60.0 };
        assert!(game.handle_event(&tick).unwrap().redraw, "it moves");
        ticks += 1;
        assert!(ticks < 60, "the glide ends within a second");
    }
    let (moved, _) = drawn_dot(&mut game);
    assert_ne!(moved, dot);

    // A click beside it is a miss.
    let beside = Point::new(moved.x + radius + 3.0, moved.y);
    assert!(click(&mut game, beside));
    assert!(
        game.status()
            .unwrap()
            .starts_with("Caught 1 of 10, missed 1")
    );

    // Its own control, a choice; and every optional function the
    // launcher builds on.
    let actions = game.actions().unwrap();
    let ids: Vec<&str> = actions.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(ids, ["size"]);
    game.invoke_action("size", "Large").unwrap();
    assert_eq!(drawn_dot(&mut game).1, 32.0);
    let features = game.features();
    assert!(features.save && features.new_game && features.outcome);

    // The Game ID field: a seed replays a round; words are refused.
    game.start_from_game_id("12345").unwrap();
    assert_eq!(game.game_id().unwrap(), "12345");
    let status = game.status().unwrap();
    assert!(status.starts_with("Caught 0 of 10, missed 0"), "{status}");
    let replay = drawn_dot(&mut game).0;
    click(&mut game, replay);
    game.start_from_game_id("12345").unwrap();
    assert_eq!(drawn_dot(&mut game).0, replay, "a seed replays the round");
    let refused = game.start_from_game_id("twelve").unwrap_err();
    assert!(refused.to_string().contains("whole number"), "{refused}");
    assert!(game.broken().is_none(), "an error is not a crash");

    // Undo: a save loaded back.
    let saved = game.save().unwrap();
    assert!(click(&mut game, replay));
    game.load(&saved).unwrap();
    assert!(game.status().unwrap().starts_with("Caught 0 of 10"));
    assert_eq!(game.outcome().unwrap(), game_api::Outcome::PLAYING);

    // `n` asks the launcher for a new round; the launcher then deals one
    // from a seed of its own.
    assert!(click(&mut game, replay));
    let n = Event::key("n");
    assert!(!game.handle_event(&n).unwrap().redraw);
    game.new_game(777).unwrap();
    assert_eq!(game.game_id().unwrap(), "777");
    assert!(game.status().unwrap().starts_with("Caught 0 of 10"));
}

#[test]
fn the_templates_own_tests_pass_outside_the_repository() {
    // The workspace's `cargo test` leaves the template out (it is its own
    // workspace), so its unit tests run here, as an author would run them.
    let outside = tempfile::tempdir().expect("a temporary directory");
    let dir = copy_template(outside.path(), &workspace_root().join("game-api"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["test", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        // Its own target directory: the other tests copy the library
        // built in `template` while this runs.
        .arg(
            workspace_root()
                .join("target")
                .join("fixtures")
                .join("template-test"),
        )
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the template's tests failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("test result: ok. 18 passed"), "{stdout}");
}

#[test]
fn the_template_built_against_another_abi_version_is_refused_naming_both() {
    let outside = tempfile::tempdir().expect("a temporary directory");
    let game_api = other_abi_game_api(outside.path());
    let dir = copy_template(outside.path(), &game_api);
    let library = cargo_build(&dir, "template-abi");
    let (theirs, ours) = (game_api::ABI_VERSION + 1, game_api::ABI_VERSION);

    let games = GamesDir::new();
    let installed = install(&games, "dot-catcher", &library).join(libloading_name(BASE));
    let err = Loader::new().load(&installed).unwrap_err();
    assert_eq!(
        err,
        LoadError::Abi {
            path: installed.clone(),
            error: AbiError::VersionMismatch {
                library: theirs,
                launcher: ours
            }
        }
    );
    let message = err.to_string();
    assert!(
        message.contains(&format!(
            "the game was built for game ABI version {theirs}, but this launcher speaks version {ours}"
        )),
        "{message}"
    );
    assert!(
        message.contains(&installed.display().to_string()),
        "{message}"
    );

    // `plt-games --list` says the same, and marks the game broken.
    let out = launcher(&["--list"], &games);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(stdout.contains("    state:     broken: "), "{stdout}");
    assert!(
        stdout.contains(&format!("built for game ABI version {theirs}")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("speaks version {ours}")),
        "{stdout}"
    );
}
