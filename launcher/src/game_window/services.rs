//! The launcher's side of a game's host table: what a game may ask of the
//! launcher while it runs (help, a redraw, ticks, a new game, a log line).

use game_api::host::HostServices;
use launcher_core::messages::HelpRequest;
use launcher_core::terminal;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The requests games made, shared between the games' host tables and the app.
pub type RequestQueue = Rc<RefCell<Vec<HelpRequest>>>;

/// What a game asked of its window, read by the window on its next frame
/// (or right after the call into the game that asked).
#[derive(Debug, Default)]
pub(super) struct Signals {
    /// The game asked to be drawn again outside an event: the window
    /// re-reads and redraws the game.
    pub(super) redraw: Cell<bool>,
    /// The interval of the ticks the game asked for, in seconds; `None`
    /// while it asks for none.
    pub(super) tick: Cell<Option<f32>>,
    /// The game asked for a new game started the launcher's way.
    pub(super) new_game: Cell<bool>,
    /// The `INPUT_*` bits of the input events the game asked for.
    pub(super) input: Cell<u32>,
    /// The game asked the player for a file of this `FILE_KIND_*` code
    /// (revision 5); the window opens its dialog only if the request came
    /// while the game handled the player's click, key or control.
    pub(super) choose_file: Cell<Option<u32>>,
    /// The game asked to be laid out to the window (revision 5).
    pub(super) layout: Cell<bool>,
    /// The pointer shape the game asked for, a `CURSOR_*` code.
    pub(super) cursor: Cell<u32>,
    /// The time played on the current game, in milliseconds, as the window
    /// counted it this frame (what a game here reads with `play_time`).
    pub(super) clock: Cell<u64>,
}

/// The line a game's `host.log(message)` makes on the launcher's standard
/// error (the guide's §8.1): `[<game directory>] message`, each escaped with
/// [`terminal::visible`], since a game's text must never reach a terminal
/// raw, and its line breaks written out keep it one line.
pub(super) fn log_line(game: &str, message: &str) -> String {
    format!(
        "[{}] {}",
        terminal::visible(game),
        terminal::visible(message)
    )
}

/// Prints a game's log line ([`log_line`]) on standard error, whether the
/// game runs in a process of its own or in the launcher's.
pub(super) fn print_log(game: &str, message: &str) {
    eprintln!("{}", log_line(game, message));
}

/// The launcher's [`HostServices`] for one game.
pub(super) struct Services {
    pub(super) game: String,
    /// The directory the game may keep its own files in, and whether it
    /// exists yet (it is created when the game first asks).
    pub(super) data_dir: Option<(String, bool)>,
    pub(super) queue: RequestQueue,
    pub(super) ctx: egui::Context,
    pub(super) signals: Rc<Signals>,
}

impl HostServices for Services {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.queue.borrow_mut().push(HelpRequest::TextHelp {
            game: self.game.clone(),
            title: title.to_owned(),
            verbatim,
        });
        self.ctx.request_repaint();
    }
    fn show_manual_section(&mut self, tag: &str) {
        self.queue.borrow_mut().push(HelpRequest::ManualSection {
            game: self.game.clone(),
            tag: tag.to_owned(),
        });
        self.ctx.request_repaint();
    }
    fn request_redraw(&mut self) {
        self.signals.redraw.set(true);
        self.ctx.request_repaint();
    }
    fn log(&mut self, message: &str) {
        print_log(&self.game, message);
    }
    fn request_tick(&mut self, interval: Option<f32>) {
        self.signals.tick.set(interval);
        if interval.is_some() {
            // Start the frames that deliver the ticks.
            self.ctx.request_repaint();
        }
    }
    fn request_new_game(&mut self) {
        self.signals.new_game.set(true);
        self.ctx.request_repaint();
    }
    fn request_input(&mut self, kinds: u32) {
        self.signals.input.set(kinds);
    }
    fn choose_file(&mut self, kind: u32) {
        self.signals.choose_file.set(Some(kind));
        self.ctx.request_repaint();
    }
    fn request_layout(&mut self, fill: bool) {
        self.signals.layout.set(fill);
        self.ctx.request_repaint();
    }
    fn set_cursor(&mut self, cursor: u32) {
        self.signals.cursor.set(cursor);
    }
    fn play_time(&mut self) -> u64 {
        self.signals.clock.get()
    }
    fn data_dir(&mut self) -> Option<&str> {
        let (path, created) = self.data_dir.as_mut()?;
        if !*created {
            if let Err(e) = std::fs::create_dir_all(&*path) {
                eprintln!(
                    "[{}] cannot create its data directory {path}: {e}",
                    self.game
                );
                return None;
            }
            *created = true;
        }
        Some(path.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::log_line;

    #[test]
    fn a_log_line_names_its_game_and_shows_every_character_escaped() {
        assert_eq!(
            log_line("dot-catcher", "Dot Catcher started"),
            "[dot-catcher] Dot Catcher started"
        );
        // A title set, a line erased and overwritten, a second line.
        let line = log_line("evil\x1b[2K", "\x1b]0;pwned\x07\rok\nnext \u{202e}txt");
        assert_eq!(
            line,
            "[evil\\u{1b}[2K] \\u{1b}]0;pwned\\u{7}\\rok\\nnext \\u{202e}txt"
        );
    }
}
