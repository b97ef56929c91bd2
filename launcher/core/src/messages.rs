//! What the launcher tells the player, and what games ask of it: data only,
//! so that the console, `--list` and the help viewer word things one way.

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; the game still works.
    Warning,
    /// The game cannot be played until it is fixed.
    Error,
}

/// A message to the player in the console (a game that crashed, a library
/// that would not load).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Error or warning.
    pub severity: Severity,
    /// What happened and what to do.
    pub text: String,
}

impl Notice {
    /// An error-level notice.
    pub fn error(text: impl Into<String>) -> Self {
        Notice {
            severity: Severity::Error,
            text: text.into(),
        }
    }

    /// A warning-level notice.
    pub fn warning(text: impl Into<String>) -> Self {
        Notice {
            severity: Severity::Warning,
            text: text.into(),
        }
    }
}

/// A request for help, from a game (through its host table) or from the
/// console's and game windows' Help menus. It travels one way, as data, to
/// the launcher, which opens the window or the browser page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpRequest {
    /// Show the game's text help.
    TextHelp {
        /// The game's directory name.
        game: String,
        /// The help window's title.
        title: String,
        /// Show the file as it is.
        verbatim: bool,
    },
    /// Show a section of the game's manual.
    ManualSection {
        /// The game's directory name.
        game: String,
        /// The section's tag; empty for the manual's top.
        tag: String,
    },
}

impl HelpRequest {
    /// What "How to play" in a Help menu asks for: the game's text help,
    /// formatted, in a window titled "⟨name⟩ Help".
    pub fn how_to_play(dir_name: &str, name: &str) -> Self {
        HelpRequest::TextHelp {
            game: dir_name.to_owned(),
            title: format!("{name} Help"),
            verbatim: false,
        }
    }

    /// What "Manual" in a Help menu asks for: the manual at its top.
    pub fn manual(dir_name: &str) -> Self {
        HelpRequest::ManualSection {
            game: dir_name.to_owned(),
            tag: String::new(),
        }
    }

    /// The directory name of the game whose help is asked for.
    pub fn game(&self) -> &str {
        match self {
            HelpRequest::TextHelp { game, .. } | HelpRequest::ManualSection { game, .. } => game,
        }
    }
}

/// "1 warning", "2 warnings": a count with its noun, for reports.
pub fn count_of(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_plural_except_for_one() {
        assert_eq!(count_of(0, "error"), "0 errors");
        assert_eq!(count_of(1, "error"), "1 error");
        assert_eq!(count_of(2, "warning"), "2 warnings");
    }

    #[test]
    fn help_menus_ask_for_the_text_help_and_the_manual_top() {
        assert_eq!(
            HelpRequest::how_to_play("chat-noir", "Chat Noir"),
            HelpRequest::TextHelp {
                game: "chat-noir".into(),
                title: "Chat Noir Help".into(),
                verbatim: false
            }
        );
        let manual = HelpRequest::manual("chat-noir");
        assert_eq!(manual.game(), "chat-noir");
        assert_eq!(
            manual,
            HelpRequest::ManualSection {
                game: "chat-noir".into(),
                tag: String::new()
            }
        );
    }
}
