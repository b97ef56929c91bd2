//! Window memory: every game and help window reopens where the player last
//! left it, at the size they gave it. The console's own place is kept in
//! [`launcher_core::player::Settings::console_window`]; the other windows'
//! in [`Settings::windows`](launcher_core::player::Settings::windows), by
//! key (`game:<dir>`, `help:<owner>:text`, `help:<owner>:manual`); a game's
//! with the zoom of its board (View ▸ Zoom).
//!
//! Each window follows its own native window every frame (its place and
//! inner size, as the window system reports them); the launcher writes them
//! to `settings.toml` when it closes. Windows embedded in the console
//! (backends without native windows, the tests) have no place of their own
//! and are not remembered.

use egui::{ViewportBuilder, ViewportClass};
use launcher_core::player::WindowGeometry;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The remembered places of the launcher's windows; clones share them.
#[derive(Clone, Debug, Default)]
pub struct WindowMemory(Rc<RefCell<BTreeMap<String, WindowGeometry>>>);

impl WindowMemory {
    /// Remembers `places` (from the settings), keeping only sane ones.
    pub fn new(places: &BTreeMap<String, WindowGeometry>) -> WindowMemory {
        let sane = places
            .iter()
            .filter(|(_, g)| g.is_sane())
            .map(|(k, g)| (k.clone(), *g))
            .collect();
        WindowMemory(Rc::new(RefCell::new(sane)))
    }

    /// Every remembered place, for the settings file.
    pub fn places(&self) -> BTreeMap<String, WindowGeometry> {
        self.0.borrow().clone()
    }

    /// Where the window `key` was last.
    pub fn recall(&self, key: &str) -> Option<WindowGeometry> {
        self.0.borrow().get(key).copied()
    }

    /// `builder` opening at the remembered place and size of `key`, if any.
    /// Recall the place once, as the window opens, and build with
    /// [`open_at`] from then on: egui moves and resizes a window whose
    /// builder changes, so a builder that followed the window would fight
    /// the player resizing it.
    pub fn apply(&self, key: &str, builder: ViewportBuilder) -> ViewportBuilder {
        open_at(self.recall(key), builder)
    }

    /// Follows the window `key` from inside its own viewport's frame: its
    /// place and size now. Not for embedded windows.
    pub fn follow(&self, ctx: &egui::Context, key: &str, class: ViewportClass) {
        if class == ViewportClass::EmbeddedWindow {
            return;
        }
        if let Some(mut geometry) = geometry_now(ctx) {
            let mut places = self.0.borrow_mut();
            // The zoom is the player's choice, not the window system's.
            geometry.zoom = places.get(key).and_then(|g| g.zoom);
            places.insert(key.to_owned(), geometry);
        }
    }

    /// The zoom the player last chose for the window `key`, if any.
    pub fn recall_zoom(&self, key: &str) -> Option<f32> {
        self.recall(key).and_then(|g| g.zoom)
    }

    /// Remembers `zoom` for the window `key`, with its place (a window
    /// not followed yet, such as one embedded in the console, has none to
    /// keep it with).
    pub fn set_zoom(&self, key: &str, zoom: f32) {
        if let Some(geometry) = self.0.borrow_mut().get_mut(key) {
            geometry.zoom = Some(zoom);
        }
    }
}

/// `builder` opening at `place` (its outer corner and inner size), if any.
pub fn open_at(place: Option<WindowGeometry>, builder: ViewportBuilder) -> ViewportBuilder {
    match place {
        Some(g) => builder
            .with_position([g.x, g.y])
            .with_inner_size([g.width, g.height]),
        None => builder,
    }
}

/// The place (outer corner) and inner size of the viewport `ctx` draws
/// now, as the window system reports them, if known and sane.
pub fn geometry_now(ctx: &egui::Context) -> Option<WindowGeometry> {
    let (outer, inner) = ctx.input(|i| {
        let v = i.viewport();
        (v.outer_rect, v.inner_rect)
    });
    let geometry = WindowGeometry {
        x: outer?.min.x,
        y: outer?.min.y,
        width: inner?.width(),
        height: inner?.height(),
        zoom: None,
    };
    geometry.is_sane().then_some(geometry)
}

/// The memory key of a game's window.
pub fn game_key(dir_name: &str) -> String {
    format!("game:{dir_name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_recalled_and_insane_ones_dropped() {
        let mut places = BTreeMap::new();
        let good = WindowGeometry {
            x: 10.0,
            y: 20.0,
            width: 600.0,
            height: 500.0,
            zoom: Some(1.5),
        };
        places.insert(game_key("chat-noir"), good);
        places.insert(
            "help:x:text".into(),
            WindowGeometry {
                width: f32::NAN,
                ..good
            },
        );
        let memory = WindowMemory::new(&places);
        assert_eq!(memory.recall("game:chat-noir"), Some(good));
        assert_eq!(memory.recall("help:x:text"), None);
        let builder = memory.apply("game:chat-noir", ViewportBuilder::default());
        assert_eq!(builder.inner_size, Some(egui::vec2(600.0, 500.0)));
        assert_eq!(builder.position, Some(egui::pos2(10.0, 20.0)));
        assert_eq!(memory.places().len(), 1);
        // The zoom is kept with the place, and changed by the player only.
        assert_eq!(memory.recall_zoom("game:chat-noir"), Some(1.5));
        memory.set_zoom("game:chat-noir", 2.0);
        assert_eq!(memory.recall_zoom("game:chat-noir"), Some(2.0));
        memory.set_zoom("game:nowhere", 2.0);
        assert_eq!(memory.recall_zoom("game:nowhere"), None);
    }
}
