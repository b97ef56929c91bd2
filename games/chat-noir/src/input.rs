//! Handling input (§1.18.8): the pointer and key events, and the
//! [`World`] methods that handle them (the spec's `clack`, `change` and
//! `update-world-posn`). Pointer coordinates are in the pixels of
//! [`crate::geometry`].
//!
//! Two behaviours follow the later upstream program rather than the 2009
//! text, because they are what a player expects:
//!
//! * a release on a blocked circle or on the cat's circle is not a move
//!   (the text would block the cell again, or block the cat's own cell, and
//!   let the cat step);
//! * help is toggled by pressing `h` ([`World::key_press`]) instead of
//!   being shown while `h` is held, and `n` starts a new game once the game
//!   is over. The text's hold behaviour remains available as
//!   [`World::key_hold`].

use crate::board::Pos;
use crate::geometry::cell_at_point;
use crate::world::{State, World};

/// A pointer event (the spec's mouse events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MouseEvent {
    /// A button was pressed.
    ButtonDown,
    /// A button was released: the player's move, over a free circle.
    ButtonUp,
    /// The pointer moved with a button held.
    Drag,
    /// The pointer moved.
    Move,
    /// The pointer entered the canvas.
    Enter,
    /// The pointer left the canvas.
    Leave,
}

/// A key event for the spec's hold semantics ([`World::key_hold`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A character key was pressed.
    Char(char),
    /// A key was released (the spec's `'release`).
    Release,
    /// Any other key event (arrows, function keys, ...).
    Other,
}

impl World {
    /// The cell of the board whose circle contains the point `(x, y)`, if
    /// any (the spec's `circle-at-point` over this world's board).
    pub fn cell_at_point(&self, x: f64, y: f64) -> Option<Pos> {
        cell_at_point(self.size(), x, y)
    }

    /// The cell the player chose if the event at `(x, y)` is a move (the
    /// spec's `player-moved?`): a button release, while playing, over the
    /// circle of an unblocked cell that is not the cat's.
    pub fn player_moved(&self, x: f64, y: f64, event: MouseEvent) -> Option<Pos> {
        if event != MouseEvent::ButtonUp || self.state() != State::Playing {
            return None;
        }
        self.cell_at_point(x, y)
            .filter(|&p| !self.is_blocked(p) && p != self.cat())
    }

    /// Handles a pointer event at `(x, y)` (the spec's `clack`): if it is a
    /// player's move ([`World::player_moved`]), blocks the cell and moves
    /// the cat; then, if the game is still on and the pointer did not leave
    /// the canvas, records the cell under the pointer, and otherwise clears
    /// it.
    ///
    /// ```
    /// use chat_noir::{cell_center_x, cell_center_y, MouseEvent, Pos, World};
    /// let mut world = World::empty(5)?;
    /// let p = Pos::new(1, 1);
    /// let (x, y) = (cell_center_x(p), cell_center_y(p));
    /// world.mouse_event(x, y, MouseEvent::Move);
    /// assert_eq!(world.mouse(), Some(p));
    /// world.mouse_event(x, y, MouseEvent::ButtonUp);
    /// assert!(world.is_blocked(p));
    /// assert_ne!(world.cat(), Pos::new(2, 2));
    /// # Ok::<(), chat_noir::SizeError>(())
    /// ```
    pub fn mouse_event(&mut self, x: f64, y: f64, event: MouseEvent) {
        if let Some(p) = self.player_moved(x, y, event) {
            // `player_moved` checked every condition `play` checks.
            let _ = self.play(p);
        }
        let still_here = self.state() == State::Playing && event != MouseEvent::Leave;
        self.update_mouse(still_here.then_some((x, y)));
    }

    /// Records the cell under the pointer at `point`, or clears it when
    /// `point` is `None` (the spec's `update-world-posn`). The cat's own
    /// cell is never recorded.
    pub fn update_mouse(&mut self, point: Option<(f64, f64)>) {
        let spot = point
            .and_then(|(x, y)| self.cell_at_point(x, y))
            .filter(|&p| p != self.cat());
        self.set_mouse(spot);
    }

    /// Handles a key press, the chosen (upstream) behaviour: `h` toggles
    /// help; `n` starts a new game of the same size ([`World::next_game`])
    /// once the game is over, and is ignored while playing; other keys are
    /// ignored. Key releases need no handling.
    ///
    /// ```
    /// let mut world = chat_noir::World::new_default_game(1);
    /// world.key_press('h');
    /// assert!(world.help());
    /// world.key_press('h');
    /// assert!(!world.help());
    /// ```
    pub fn key_press(&mut self, key: char) {
        match key {
            'h' => self.set_help(!self.help()),
            'n' if self.state().is_over() => self.next_game(),
            _ => {}
        }
    }

    /// Handles a key event with the 2009 text's hold semantics (the spec's
    /// `change`): help shows exactly while the last key event is a press of
    /// `h`; any other event, a release included, hides it.
    pub fn key_hold(&mut self, key: Key) {
        self.set_help(key == Key::Char('h'));
    }
}
