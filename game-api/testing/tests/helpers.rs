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
