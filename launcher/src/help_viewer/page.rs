//! A page of the manual as its widgets see it: what it renders and the
//! state its rendering changes ([`PageContext`]), what the player did on it
//! ([`PageAction`]) and where it scrolls to ([`Anchor`]). Shared by the
//! block widgets (`markdown_ui`), the inline ones (`inline_ui`) and the
//! viewer.

use super::picture::Pictures;
use launcher_help::manual::{LinkTarget, Manual};
use std::path::Path;

/// Something the player did on a page, for the viewer to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PageAction {
    /// Follow a link.
    Follow(LinkTarget),
    /// Scroll to a footnote's definition.
    ShowFootnote(usize),
    /// Scroll back to a footnote's first reference.
    ShowReference(usize),
}

/// Where the page is asked to scroll to, once drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Anchor {
    /// The definition of footnote `n`.
    Footnote(usize),
    /// The first reference to footnote `n`.
    Reference(usize),
}

/// What a page renders, and the state its rendering changes.
pub(super) struct PageContext<'a> {
    /// Names the page's textures (unique per viewer).
    pub texture_prefix: &'a str,
    /// The manual shown.
    pub manual: &'a Manual,
    /// The folder no picture is read out of (the game's).
    pub folder: &'a Path,
    /// The directory pictures are relative to.
    pub manual_dir: &'a Path,
    /// The viewer's decoded pictures.
    pub pictures: &'a mut Pictures,
    /// The search query, whose matches are highlighted (empty: none).
    pub highlight: &'a str,
    /// What the player clicked this frame.
    pub action: &'a mut Option<PageAction>,
    /// Where to scroll once that is drawn; taken when done.
    pub scroll_to: &'a mut Option<Anchor>,
    /// How deep in lists the blocks drawn are.
    pub list_depth: usize,
}
