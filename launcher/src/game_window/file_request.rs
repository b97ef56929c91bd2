//! A game's request for a file the player chooses (the file portal), and
//! the launcher's own file dialogs: Save game as… and Open saved game…
//! (the saved game itself is `midend_ui.rs`'s).

use super::process::Life;
use super::{GameWindow, file_dialog};
use launcher_core::running::GameError;

impl GameWindow {
    /// Answers the game's request for a file, if it made one: opens the
    /// dialog when the request came while the game handled the player's
    /// click, key or control (`from_player`) and no dialog is open;
    /// otherwise tells the game it was refused, and why.
    pub(super) fn file_request(&mut self, from_player: bool) -> Result<(), GameError> {
        let Some(code) = self.signals.choose_file.take() else {
            return Ok(());
        };
        let refusal = match game_api::FileKind::from_raw(code) {
            None => Some(format!(
                "the launcher knows no file kind {code} (it may be older than the game)"
            )),
            Some(_) if self.file_dialog.is_some() => {
                Some("a file dialog is open already; choose there or cancel it".to_owned())
            }
            Some(_) if !from_player => Some(
                "a game may ask for a file only in answer to a click or a key of the player"
                    .to_owned(),
            ),
            Some(kind) => {
                self.file_dialog = Some(file_dialog::FileDialog::new(
                    kind,
                    file_dialog::FileDialog::start_dir(),
                ));
                self.ctx.request_repaint();
                None
            }
        };
        match refusal {
            Some(why) => self.give_file(game_api::FileChoice::Refused(why)),
            None => Ok(()),
        }
    }

    /// Gives the game the answer to its request for a file.
    pub(super) fn give_file(&mut self, choice: game_api::FileChoice) -> Result<(), GameError> {
        if self.life != Life::Playing {
            return Ok(());
        }
        let response = self.game.game().file_chosen(&choice);
        self.pump();
        match response {
            Ok(response) if response.redraw => self.changed()?,
            Ok(_) => {}
            // A game without `file_chosen` asked for nothing it can take.
            Err(e) if e.is_unsupported() => {}
            Err(e) => return Err(e),
        }
        // A request made while taking the answer is not the player's.
        self.file_request(false)?;
        self.new_game_if_asked()
    }

    /// The file dialog, while open: gives the game the file the player
    /// chose, or says they cancelled; or saves the game to the file chosen,
    /// or opens the saved game chosen.
    pub(super) fn file_dialog_ui(&mut self, ctx: &egui::Context) -> Result<(), GameError> {
        let Some(dialog) = &mut self.file_dialog else {
            return Ok(());
        };
        let purpose = dialog.purpose();
        let Some(answer) = dialog.ui(ctx, &self.name) else {
            return Ok(());
        };
        self.file_dialog = None;
        use file_dialog::{DialogAnswer, Purpose};
        match (purpose, answer) {
            (Purpose::ForGame(_), DialogAnswer::Chosen(file)) => {
                self.give_file(game_api::FileChoice::Chosen(file))
            }
            (Purpose::ForGame(kind), _) => self.give_file(game_api::FileChoice::Cancelled(kind)),
            (Purpose::SaveGameAs, DialogAnswer::SavedGame(path)) => {
                self.save_game_to(&path);
                Ok(())
            }
            (Purpose::OpenSavedGame, DialogAnswer::SavedGame(path)) => self.open_saved_game(&path),
            (_, _) => Ok(()),
        }
    }

    /// Opens the Save game as… dialog (Game ▸ Save game as…, Ctrl+S), in
    /// the player's home folder.
    pub fn open_save_as_dialog(&mut self) {
        if self.file_dialog.is_some() {
            return;
        }
        let name = launcher_core::game_file::default_file_name(&self.dir_name);
        self.file_dialog = Some(file_dialog::FileDialog::save_as(
            file_dialog::FileDialog::start_dir(),
            &name,
        ));
        self.ctx.request_repaint();
    }

    /// Opens the Open saved game… dialog (Game ▸ Open saved game…,
    /// Ctrl+O).
    pub fn open_load_dialog(&mut self) {
        if self.file_dialog.is_some() {
            return;
        }
        self.file_dialog = Some(file_dialog::FileDialog::for_purpose(
            file_dialog::Purpose::OpenSavedGame,
            file_dialog::FileDialog::start_dir(),
        ));
        self.ctx.request_repaint();
    }
}
