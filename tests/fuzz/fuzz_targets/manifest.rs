//! `launcher::manifest::parse` on any text: it never panics, and what it
//! accepts is safe to use (a library base name, paths inside the game's
//! directory, non-empty labels).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::{Component, Path};

// The launcher's UI-free core, so that fuzzing does not pull in (and
// instrument) the whole UI stack the `launcher` crate depends on.
use launcher_core::manifest;

fn stays_inside(path: &Path) -> bool {
    let text = path.to_string_lossy();
    !text.is_empty()
        && !text.starts_with(['/', '\\'])
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        && !text.split(['/', '\\']).any(|segment| segment == "..")
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match manifest::parse(text, "fuzz-game", |p| p.as_os_str().len() % 2 == 0) {
        Ok(m) => {
            assert!(!m.game.is_empty());
            assert!(
                m.game
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
                "{:?}",
                m.game
            );
            assert!(!m.name.trim().is_empty());
            assert!(!m.game_set.trim().is_empty());
            for path in [Some(&m.icon), m.help.as_ref(), m.manual.as_ref()]
                .into_iter()
                .flatten()
            {
                assert!(stays_inside(path), "{path:?} leaves the game's directory");
            }
        }
        Err(e) => assert!(!e.errors.is_empty() && e.errors.iter().all(|m| !m.is_empty())),
    }
});
