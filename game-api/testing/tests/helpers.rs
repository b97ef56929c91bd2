//! The kit's helpers for a game's own tests fail when what they assert is
//! not so, saying what they found.

use game_test::files::assert_manual;

fn folder_with_manual(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("manual.md"), text).unwrap();
    dir
}

const MANUAL: &str = "# Dots {#dots}\n\n## Rules {#rules}\n\nText.\n\n## Keys {#keys}\n\nMore.\n";

#[test]
fn a_manual_with_its_title_and_sections_passes() {
    let dir = folder_with_manual(MANUAL);
    let manual = assert_manual(dir.path(), "Dots", "rules keys");
    assert_eq!(manual.title(), "Dots");
}

#[test]
#[should_panic(expected = "no section deviations in")]
fn a_missing_section_is_named() {
    let dir = folder_with_manual(MANUAL);
    assert_manual(dir.path(), "Dots", "rules deviations keys");
}

#[test]
#[should_panic(expected = "Dots")]
fn another_title_fails() {
    let dir = folder_with_manual(MANUAL);
    assert_manual(dir.path(), "Lines", "rules");
}

#[test]
#[should_panic(
    expected = "manual/board.png is stale: run `cargo run -p dots --example render_pictures`"
)]
fn a_stale_picture_is_named_with_the_command_that_draws_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("manual")).unwrap();
    std::fs::write(dir.path().join("manual/board.png"), b"old").unwrap();
    let pictures = vec![("manual/board.png", b"new".to_vec())];
    let command = "cargo run -p dots --example render_pictures";
    game_test::files::assert_pictures_fresh(dir.path(), pictures, command);
}

#[test]
fn fresh_pictures_pass() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("dots.png"), b"same").unwrap();
    let pictures = vec![("dots.png", b"same".to_vec())];
    game_test::files::assert_pictures_fresh(dir.path(), pictures, "-");
}
