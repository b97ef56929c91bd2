//! Handling input (§1.18.8): pointer and key events as functions on the
//! world.
//!
//! Each handler exists as a method that updates a world in place and as a
//! pure function with the spec's name that returns the updated copy
//! ([`clack`], [`change`], [`key_press`], [`update_world_posn`]). Pointer
//! coordinates are in the pixels of [`crate::geometry`].
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
//!   [`World::key_hold`] / [`change`].

use crate::board::Pos;
use crate::geometry::cell_at_point;
use crate::search::Search;
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
        self.mouse_event_with(x, y, event, &mut Search::new());
    }

    /// [`World::mouse_event`] using `search` as scratch space.
    pub fn mouse_event_with(&mut self, x: f64, y: f64, event: MouseEvent, search: &mut Search) {
        if let Some(p) = self.player_moved(x, y, event) {
            // `player_moved` checked every condition `play` checks.
            let _ = self.play_with(p, search);
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

/// The spec's `clack`, as a pure function: `world` after the pointer event
/// (see [`World::mouse_event`]).
pub fn clack(world: &World, x: f64, y: f64, event: MouseEvent) -> World {
    let mut w = world.clone();
    w.mouse_event(x, y, event);
    w
}

/// The spec's `change`, as a pure function: `world` after the key event
/// with hold semantics (see [`World::key_hold`]).
pub fn change(world: &World, key: Key) -> World {
    let mut w = world.clone();
    w.key_hold(key);
    w
}

/// `world` after a key press with the chosen toggle semantics (see
/// [`World::key_press`]).
pub fn key_press(world: &World, key: char) -> World {
    let mut w = world.clone();
    w.key_press(key);
    w
}

/// The spec's `update-world-posn`, as a pure function (see
/// [`World::update_mouse`]).
pub fn update_world_posn(world: &World, point: Option<(f64, f64)>) -> World {
    let mut w = world.clone();
    w.update_mouse(point);
    w
}
