//! The launcher's midend in a game window: the controls it adds for every
//! game that opts in (New game, Restart, Undo, Redo, the Game ID field,
//! Game ▸ Random seed…), their shortcuts, ticks, the time played, and the
//! resume file written after each move, with the undo chain (so Undo and
//! Redo go on after Quit, and after Restart with a rebuilt version); and
//! the same game and chain saved to a file of the player's and opened
//! again (Game ▸ Save game as… and Open saved game…, Ctrl+S and Ctrl+O;
//! [`launcher_core::game_file`]). The logic is [`launcher_core::midend`]'s;
//! this is its face.

use super::GameWindow;
use game_api::{Action, ActionKind, Event};
use launcher_core::game_file::{self, GameFile};
use launcher_core::messages::Notice;
use launcher_core::midend::{Finished, History, Withheld, seed_of_text};
use launcher_core::running::GameError;
use launcher_core::saves::{self, Resume, SavedGame, SavedHistory};
use std::path::Path;
use std::time::{Duration, Instant};

/// The id of the launcher's New game button (for [`GameWindow::invoke`]).
pub const NEW_GAME: &str = "launcher:new-game";
/// The id of the host's Restart button.
pub const RESTART: &str = "launcher:restart";
/// The id of the host's Undo button.
pub const UNDO: &str = "launcher:undo";
/// The id of the host's Redo button.
pub const REDO: &str = "launcher:redo";
/// The id of the host's Game ID field.
pub const GAME_ID: &str = "launcher:game-id";
/// The id of Game ▸ Save game as… (for [`GameWindow::invoke`]).
pub const SAVE_AS: &str = "launcher:save-as";
/// The id of Game ▸ Open saved game….
pub const OPEN_SAVED: &str = "launcher:open-saved";

/// Whether `id` is one of the launcher's own controls, not the game's.
pub fn is_host_action(id: &str) -> bool {
    [NEW_GAME, RESTART, UNDO, REDO, GAME_ID].contains(&id)
}

/// The shortcut of a host control, shown in its tooltip and menu entry.
pub fn shortcut(id: &str) -> Option<&'static str> {
    Some(match id {
        NEW_GAME => "Ctrl+N",
        RESTART => "Ctrl+R",
        UNDO => "Ctrl+Z",
        REDO => "Ctrl+Y or Ctrl+Shift+Z",
        SAVE_AS => "Ctrl+S",
        OPEN_SAVED => "Ctrl+O",
        _ => return None,
    })
}

/// The longest time between two frames counted as played: a window left
/// open over night is not a night of play.
const MAX_FRAME_GAP: Duration = Duration::from_secs(60);

/// The most positions tried, newest first, when a game refuses the position
/// its resume file left it at (a new version whose saves changed).
const MAX_RESUME_TRIES: usize = 64;

/// A seed from the operating system's entropy, for New game.
pub(super) fn fresh_seed() -> u64 {
    rand::random()
}

impl GameWindow {
    /// The launcher's controls for this game, before the game's own: New
    /// game with game IDs; Restart, Undo and Redo with saving; the Game ID
    /// field with game IDs.
    pub(super) fn host_actions(&self) -> Vec<Action> {
        let features = self.midend.features();
        let history = self.midend.history();
        let mut actions = Vec::new();
        let button = |id: &str, label: &str, enabled: bool| Action {
            enabled,
            ..Action::button(id, label)
        };
        if features.new_game {
            actions.push(button(NEW_GAME, "New game", true));
        }
        if let Some(history) = history {
            actions.push(button(RESTART, "Restart", history.can_restart()));
            actions.push(button(UNDO, "Undo", history.can_undo()));
            actions.push(button(REDO, "Redo", history.can_redo()));
        }
        if let Some(id) = self.midend.game_id() {
            actions.push(Action {
                id: GAME_ID.into(),
                label: "Game ID".into(),
                kind: ActionKind::Text { value: id.into() },
                enabled: true,
                shortcut: None,
            });
        }
        actions
    }

    /// Runs a host control, or returns `None` for a game's own action.
    pub(super) fn invoke_host_action(
        &mut self,
        id: &str,
        value: &str,
    ) -> Option<Result<(), GameError>> {
        Some(match id {
            NEW_GAME => self.new_game(fresh_seed()),
            RESTART => self.step(|w| w.midend.restart(w.game.game())),
            UNDO => self.step(|w| w.midend.undo(w.game.game())),
            REDO => self.step(|w| w.midend.redo(w.game.game())),
            GAME_ID => self.start_from_game_id(value),
            SAVE_AS => {
                if self.midend.history().is_some() {
                    self.open_save_as_dialog();
                }
                Ok(())
            }
            OPEN_SAVED => {
                if self.midend.history().is_some() {
                    self.open_load_dialog();
                }
                Ok(())
            }
            _ => return None,
        })
    }

    /// Undo, redo or restart: the game loads a snapshot. A snapshot the
    /// game refuses is told in the window; the game goes on as it was.
    fn step(
        &mut self,
        step: impl FnOnce(&mut GameWindow) -> Result<bool, GameError>,
    ) -> Result<(), GameError> {
        match step(self) {
            Ok(true) => self.after_move(),
            Ok(false) => Ok(()),
            Err(e) => match e.game_error() {
                Some(e) => {
                    self.action_error = Some(format!(
                        "The game could not go to that position ({}); it stays where it is, and the moves past it are forgotten.",
                        e.message
                    ));
                    // The chain changed: Undo and Redo say so, and the
                    // resume file follows it (the game shows what it did).
                    let fresh = self.host_actions();
                    for action in &mut self.actions {
                        if let Some(now) = fresh.iter().find(|a| a.id == action.id) {
                            action.enabled = now.enabled;
                        }
                    }
                    self.save_position();
                    Ok(())
                }
                None => {
                    if matches!(e, GameError::Process(_)) {
                        // Not answered in time: the step stands (the game
                        // was asked to load it), and the resume file
                        // follows it; the window reads the game again once
                        // it answers.
                        self.save_position();
                    }
                    Err(e)
                }
            },
        }
    }

    /// Starts a new game from `seed` (New game, Random seed…, the game's
    /// own request; tests and tools deal a known game with it).
    pub fn new_game(&mut self, seed: u64) -> Result<(), GameError> {
        if !self.midend.features().new_game {
            return Ok(());
        }
        self.midend.new_game(self.game.game(), seed)?;
        self.field_error = None;
        self.after_move()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        match self.midend.start_from_game_id(self.game.game(), id) {
            Ok(()) => {
                self.field_error = None;
                self.after_move()
            }
            Err(e) => match e.game_error() {
                Some(e) => {
                    self.field_error = Some((GAME_ID.into(), e.message.clone()));
                    Ok(())
                }
                None => Err(e),
            },
        }
    }

    /// The game asked for a new game during the last call (its own key for
    /// New game): start one the launcher's way.
    pub(super) fn new_game_if_asked(&mut self) -> Result<(), GameError> {
        if self.signals.new_game.replace(false) {
            self.new_game(fresh_seed())?;
        }
        Ok(())
    }

    /// After the game said something changed: the midend records a move
    /// (and a result), the position is saved, the window redraws.
    pub(super) fn changed(&mut self) -> Result<(), GameError> {
        if !self.can_call() {
            // Read again once the game answers.
            self.resync = true;
            return Ok(());
        }
        let before = self.midend.history().map(|h| h.current().state.clone());
        if let Some(finished) = self.midend.after_change(self.game.game())? {
            self.finished.push(finished);
        }
        let after = self.midend.history().map(|h| h.current().state.clone());
        let moved = match (before, after) {
            (Some(a), Some(b)) => !std::sync::Arc::ptr_eq(&a, &b),
            _ => false,
        };
        if moved {
            self.file_note = None;
            self.save_position();
        }
        self.refresh()
    }

    /// After a step the launcher made (undo, new game…): save and redraw.
    fn after_move(&mut self) -> Result<(), GameError> {
        self.save_position();
        self.refresh()
    }

    /// Hands the position and its undo chain to the window's resume-file
    /// writer (a thread: the move does not wait for the disk), if the game
    /// saves. A failure, or a position too large to keep, is told in the
    /// window; the game goes on.
    fn save_position(&mut self) {
        let Some(path) = &self.save_path else {
            return;
        };
        let Some((saved, chain)) = self.saved_now() else {
            return;
        };
        if let Some(why) = saves::position_too_large(&saved.snapshot) {
            self.save_warning = Some(format!("{}: {why}.", self.name));
            return;
        }
        let path = path.clone();
        let ctx = self.ctx.clone();
        let writer = self.saver.get_or_insert_with(|| {
            saves::SaveWriter::new(Some(std::sync::Arc::new(move || ctx.request_repaint())))
        });
        writer.save(path, saved, chain);
        self.check_saved();
    }

    /// Tells, in the window, why the resume file could not be written last
    /// time, if it could not.
    pub(super) fn check_saved(&mut self) {
        match self.saver.as_ref().map(saves::SaveWriter::take_result) {
            Some(Some(Err(e))) => {
                self.save_warning = Some(format!("The game could not be saved for next time: {e}."))
            }
            Some(Some(Ok(()))) => self.save_warning = None,
            _ => {}
        }
    }

    /// The game now and its undo chain, as a resume file or a saved-game
    /// file keeps them; `None` for a game that does not save.
    fn saved_now(&self) -> Option<(SavedGame, SavedHistory)> {
        let history = self.midend.history()?;
        let saved = SavedGame {
            game: self.dir_name.clone(),
            snapshot: history.current().clone(),
            played: self.midend.played(),
            counted: self.midend.counted(),
        };
        // No more positions than could fit in the file's chain (a record is
        // at least 7 bytes): the history in memory may be far longer.
        let most = saves::MAX_CHAIN_BYTES / 7;
        let undo = history.undo_positions();
        let chain = SavedHistory {
            undo: undo[undo.len().saturating_sub(most)..].to_vec(),
            redo: history.redo_positions().take(most).cloned().collect(),
        };
        Some((saved, chain))
    }

    /// Saves the game and its undo chain to `path` (Save game as…); what
    /// happened is said under the status line.
    pub fn save_game_to(&mut self, path: &Path) {
        let Some((saved, history)) = self.saved_now() else {
            return;
        };
        if saved.snapshot.withheld != Withheld::default() {
            // Its bytes stayed in the game process (over the most the
            // launcher keeps of a position).
            self.file_note = None;
            self.action_error = Some(format!(
                "The game could not be saved: its position takes {:.1} MiB, more than the {} MiB \
                 the launcher keeps of a position; the game goes on.",
                saved.snapshot.bytes() as f64 / (1024.0 * 1024.0),
                saves::MAX_POSITION_BYTES / (1024 * 1024)
            ));
            return;
        }
        let path = game_file::with_extension(path);
        let file = GameFile {
            name: self.name.clone(),
            game_id: self.midend.game_id().map(str::to_owned),
            saved,
            history,
        };
        match file.write(&path) {
            Ok(()) => {
                self.action_error = None;
                self.file_note = Some(format!("Saved to {}", path.display()));
            }
            Err(e) => {
                self.file_note = None;
                self.action_error = Some(format!(
                    "The game could not be saved: {e}. Choose another folder with Save game as…; the game goes on."
                ));
            }
        }
    }

    /// Opens the saved game at `path` (Open saved game…, `--open`): the game
    /// goes on from its position, and Undo walks back through its chain. A
    /// file of another game, damaged, cut short, of a newer format or
    /// refused by the game is said in the window, and the game goes on as
    /// it was: nothing of it is lost.
    pub fn open_saved_game(&mut self, path: &Path) -> Result<(), GameError> {
        self.file_note = None;
        if self.midend.history().is_none() {
            self.action_error = Some(format!(
                "{} does not save its games, so it cannot open a saved one.",
                self.name
            ));
            return Ok(());
        }
        if !self.can_call() {
            self.action_error = Some(format!(
                "{} is busy: open the saved game again in a moment.",
                self.name
            ));
            return Ok(());
        }
        let file = match game_file::read(path, &self.dir_name, &self.name) {
            Ok(file) => file,
            Err(why) => {
                self.action_error = Some(format!("{why} Your game goes on as it was."));
                return Ok(());
            }
        };
        if let Err(e) = self.game.game().load(&file.saved.snapshot.state) {
            let Some(refused) = e.game_error() else {
                return Err(e);
            };
            let why = format!(
                "The file {} cannot be opened: {} refused its position ({}). Your game goes on as it was.",
                path.display(),
                self.name,
                refused.message
            );
            // The game keeps its position when it refuses one; loading it
            // again makes sure of that.
            // (One whose bytes the game process withheld cannot be.)
            if let Some(now) = self
                .midend
                .history()
                .filter(|h| h.current().loadable())
                .map(|h| h.current().state.clone())
            {
                self.game.game().load(&now)?;
            }
            self.action_error = Some(why);
            return self.refresh();
        }
        let history =
            History::resumed_with(file.history.undo, file.saved.snapshot, file.history.redo);
        self.midend.resume(
            self.game.game(),
            history,
            file.saved.played,
            file.saved.counted,
        )?;
        self.field_error = None;
        self.action_error = None;
        self.file_note = Some(format!("Opened {}", path.display()));
        self.after_move()
    }

    /// Brings the game back where the resume file left it, with its undo
    /// chain: the current position is loaded now, the others when Undo or
    /// Redo reaches them. A game that refuses the current position (a new
    /// version) goes on from the newest earlier one it accepts, and says
    /// so; a damaged chain is set aside, the position kept. Returns whether
    /// a position was resumed.
    pub(super) fn resume(&mut self) -> Result<bool, GameError> {
        let Some(path) = self.save_path.clone() else {
            return Ok(false);
        };
        if self.midend.history().is_none() {
            return Ok(false);
        }
        let (saved, chain) = match saves::read(&path, &self.dir_name) {
            Resume::Nothing => return Ok(false),
            Resume::SetAside(message) => {
                self.notices
                    .push(Notice::warning(format!("{}: {message}.", self.name)));
                return Ok(false);
            }
            Resume::Saved { saved, history } => (saved, history),
        };
        let (mut undo, damaged) = match chain {
            Ok(chain) => (chain, None),
            Err(why) => (SavedHistory::default(), Some(why)),
        };
        let mut redo = std::mem::take(&mut undo.redo);
        let mut current = saved.snapshot.clone();
        let mut refused: Option<String> = None;
        let mut skipped = 0;
        // The load's answer did not come in time (a slow game, a loaded
        // machine): the game loads it meanwhile.
        let mut late = None;
        loop {
            // A game that crashes while loading it would crash at every
            // start: the file is set aside if it does (see
            // `Self::resume_crashed`).
            self.watch.resuming = Some(path.clone());
            let loaded = self.game.game().load(&current.state);
            if !matches!(&loaded, Err(GameError::Process(_))) || self.resume_crashed() {
                // Answered (or crashed): nothing more to watch. A late
                // answer keeps the watch until the game answers again or
                // its process ends.
                self.watch.resuming = None;
            }
            match loaded {
                Ok(()) => break,
                // Sent, and the process lives: the window goes on from
                // this position, with its chain, and reads the game again
                // once it answers (the error says so). Were it refused,
                // the position the game keeps would be recorded as a move
                // after it: nothing of the chain is lost either way, where
                // giving up here lost it (and the resume file was written
                // again without it).
                Err(e @ GameError::Process(_)) if !self.resume_crashed() => {
                    late = Some(e);
                    break;
                }
                Err(e) => match e.game_error() {
                    Some(e) => {
                        let first = refused.get_or_insert_with(|| e.message.clone()).clone();
                        match undo.undo.pop() {
                            Some(earlier) if skipped < MAX_RESUME_TRIES => {
                                // The positions after an earlier one are
                                // not reachable from it any more.
                                redo.clear();
                                skipped += 1;
                                current = earlier;
                            }
                            _ => {
                                let message = saves::set_aside(
                                    &path,
                                    &format!("the game refused it ({first})"),
                                );
                                self.notices
                                    .push(Notice::warning(format!("{}: {message}.", self.name)));
                                return Ok(false);
                            }
                        }
                    }
                    None => {
                        if matches!(e, GameError::Call(_)) || self.resume_crashed() {
                            self.set_resume_aside(
                                &path,
                                &format!("the game failed while loading it ({e})"),
                            );
                        }
                        return Err(e);
                    }
                },
            }
        }
        let history = History::resumed_with(undo.undo, current, redo);
        // The history is kept even if the game's ID comes late.
        let resumed = self
            .midend
            .resume(self.game.game(), history, saved.played, saved.counted);
        if let Some(why) = damaged {
            let message = saves::set_aside_history(&path, &why);
            self.notices
                .push(Notice::warning(format!("{}: {message}.", self.name)));
            self.save_position();
        } else if let Some(why) = refused {
            let message = saves::set_aside(
                &path,
                &format!("this version of the game refused the position it was left at ({why})"),
            );
            let moves = if skipped == 1 { "move" } else { "moves" };
            self.notices.push(Notice::warning(format!(
                "{}: {message}. It goes on from the last position it accepts, {skipped} {moves} earlier.",
                self.name
            )));
            self.save_position();
        }
        match late {
            // Sent: the game goes on from the resumed position.
            Some(e) => Err(e),
            None => resumed.map(|()| true),
        }
    }

    /// Counts the time since the last frame as played, while the game goes
    /// on.
    pub(super) fn count_time(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.last_frame.replace(now)
            && !self.midend.counted()
        {
            self.midend.add_time((now - last).min(MAX_FRAME_GAP));
        }
        let ms = u64::try_from(self.midend.played().as_millis()).unwrap_or(u64::MAX);
        self.signals.clock.set(ms);
    }

    /// Tells a game in its own process the time played when its clock
    /// there would be wrong (revision 5, `Host::play_time`): when it stops
    /// or starts counting (the game over, a new game), or has drifted from
    /// the window's by more than a quarter of a second (the window was
    /// minimised: no frames, no time counted). Costs one call, rarely.
    pub(super) fn sync_clock(&mut self) -> Result<(), GameError> {
        if self.game.process().is_none() || !self.can_call() {
            return Ok(());
        }
        let now = Instant::now();
        let ms = self.signals.clock.get();
        let running = !self.midend.counted();
        let theirs = self.clock_told.map(|(told, was_running, at)| {
            let since = if was_running {
                (now - at).as_millis() as u64
            } else {
                0
            };
            (told.saturating_add(since), was_running)
        });
        let in_step = theirs.is_some_and(|(their_ms, was_running)| {
            was_running == running && their_ms.abs_diff(ms) <= 250
        });
        if !in_step {
            self.clock_told = Some((ms, running, now));
            self.game.game().set_clock(ms, running)?;
        }
        Ok(())
    }

    /// Delivers a tick when the game asked for them and its interval has
    /// passed, and asks for the frame of the next one. No ticks asked, no
    /// frames.
    pub(super) fn deliver_tick(&mut self, ctx: &egui::Context) -> Result<(), GameError> {
        let Some(interval) = self.signals.tick.get() else {
            self.last_tick = None;
            return Ok(());
        };
        let interval = Duration::from_secs_f32(interval);
        let now = Instant::now();
        let last = *self.last_tick.get_or_insert(now);
        let since = now - last;
        if since >= interval {
            self.last_tick = Some(now);
            self.send(&Event::Tick {
                dt: since.as_secs_f32(),
            })?;
            ctx.request_repaint_after(interval);
        } else {
            ctx.request_repaint_after(interval - since);
        }
        Ok(())
    }

    /// The launcher's shortcuts: Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z, Ctrl+N,
    /// Ctrl+R; in a game that saves, Ctrl+S and Ctrl+O (other games get
    /// those keys). Not while a text field has the keyboard (its own undo).
    pub(super) fn shortcuts(&mut self, ui: &mut egui::Ui) -> Result<(), GameError> {
        if ui.ctx().text_edit_focused() {
            return Ok(());
        }
        use egui::{Key, Modifiers};
        let saves = self.midend.history().is_some() && self.file_dialog.is_none();
        let pressed = ui.input_mut(|i| {
            // The most specific first: Ctrl+Shift+Z before Ctrl+Z.
            if i.consume_key(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z)
                || i.consume_key(Modifiers::COMMAND, Key::Y)
            {
                Some(REDO)
            } else if i.consume_key(Modifiers::COMMAND, Key::Z) {
                Some(UNDO)
            } else if i.consume_key(Modifiers::COMMAND, Key::N) {
                Some(NEW_GAME)
            } else if i.consume_key(Modifiers::COMMAND, Key::R) {
                Some(RESTART)
            } else if saves && i.consume_key(Modifiers::COMMAND, Key::S) {
                Some(SAVE_AS)
            } else if saves && i.consume_key(Modifiers::COMMAND, Key::O) {
                Some(OPEN_SAVED)
            } else {
                None
            }
        });
        let offered = pressed.filter(|id| {
            self.actions.iter().any(|a| a.id == *id && a.enabled)
                || (saves && [SAVE_AS, OPEN_SAVED].contains(id))
        });
        match offered {
            Some(id) => self.invoke(id, ""),
            None => Ok(()),
        }
    }

    /// The launcher's entries at the top of the Game menu; returns the one
    /// chosen.
    pub(super) fn host_menu_ui(&mut self, ui: &mut egui::Ui) -> Option<(String, String)> {
        let mut chosen = None;
        let mut any = false;
        for action in self
            .actions
            .iter()
            .filter(|a| is_host_action(&a.id) && a.kind == ActionKind::Button)
        {
            any = true;
            let mut button = egui::Button::new(&action.label);
            if let Some(keys) = shortcut(&action.id) {
                button = button.shortcut_text(keys);
            }
            if ui.add_enabled(action.enabled, button).clicked() {
                chosen = Some((action.id.clone(), String::new()));
            }
        }
        if self.midend.features().new_game && ui.button("Random seed…").clicked() {
            self.open_seed_dialog();
        }
        if self.midend.history().is_some() {
            any = true;
            let free = self.file_dialog.is_none();
            for (id, label) in [(SAVE_AS, "Save game as…"), (OPEN_SAVED, "Open saved game…")] {
                let button = egui::Button::new(label).shortcut_text(shortcut(id).unwrap_or(""));
                if ui.add_enabled(free, button).clicked() {
                    chosen = Some((id.to_owned(), String::new()));
                }
            }
        }
        if any {
            ui.separator();
        }
        chosen
    }

    /// The Random seed dialog, while open: returns the seed to start from
    /// when the player confirms.
    pub(super) fn seed_dialog_ui(&mut self, ui: &mut egui::Ui) -> Option<u64> {
        let text = self.seed_dialog.as_mut()?;
        let mut start = None;
        let mut open = true;
        egui::Window::new("Random seed")
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ui.ctx(), |ui| {
                ui.label("Start a new game from a seed: a number, or any text.");
                let field = ui
                    .horizontal(|ui| {
                        let label = ui.label("Seed:");
                        ui.text_edit_singleline(text).labelled_by(label.id)
                    })
                    .inner;
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    start = Some(seed_of_text(text));
                }
                if ui.button("Start").clicked() {
                    start = Some(seed_of_text(text));
                }
            });
        if start.is_some() || !open {
            self.seed_dialog = None;
        }
        start
    }

    /// Opens the Random seed dialog (Game ▸ Random seed…).
    pub fn open_seed_dialog(&mut self) {
        self.seed_dialog = Some(String::new());
    }

    /// The games won or lost in this window since last asked.
    pub fn take_finished(&mut self) -> Vec<Finished> {
        std::mem::take(&mut self.finished)
    }

    /// What the player should be told about this window (a resume file
    /// set aside), since last asked.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// The midend: the undo chain, the game ID, the time played.
    pub fn midend(&self) -> &launcher_core::midend::Midend {
        &self.midend
    }

    /// "Saved to …" or "Opened …", shown under the status line after Save
    /// game as… or Open saved game… until the next move.
    pub fn file_note(&self) -> Option<&str> {
        self.file_note.as_deref()
    }

    /// The error shown beside a text field (a game ID the game refused).
    pub fn field_error(&self) -> Option<(&str, &str)> {
        self.field_error
            .as_ref()
            .map(|(id, message)| (id.as_str(), message.as_str()))
    }
}
