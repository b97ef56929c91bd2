//! # launcher-help: the launcher's help, without any UI
//!
//! Two kinds of help, after §3 and §4 of the PLT Games manual:
//!
//! - [`text_help`]: a game's plain-text `doc.txt`, formatted into titles,
//!   paragraphs and bullet points (§4 "Showing Text Help"), or shown verbatim.
//! - [`manual`]: a game's structured manual in Markdown, whose headings are
//!   sections addressed by tags (§3 "Showing Scribbled Help"): a table of
//!   contents, a block tree for an in-app viewer, search, reading the
//!   manual and its pictures with caps, and a standalone HTML page opened in
//!   the user's browser at the requested section.
//!
//! Nothing here draws: the launcher renders these structures with egui.
#![warn(missing_docs)]

pub mod game_files;
pub mod manual;
pub mod text_help;

/// Whose help a window or a browser page shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HelpOwner {
    /// The launcher's own manual.
    Launcher,
    /// A game's help, by its directory name.
    Game(String),
}

impl HelpOwner {
    /// The help of the game in the directory `dir_name`.
    pub fn game(dir_name: &str) -> HelpOwner {
        HelpOwner::Game(dir_name.to_string())
    }
}
