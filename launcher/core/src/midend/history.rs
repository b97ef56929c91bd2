//! The undo chain of the midend: snapshots of a game's bytes, the
//! positions before and after the current one, their byte cap, the
//! barriers and the moves whose undoing helps (see the [module](super)).

use std::sync::Arc;

/// The most bytes of snapshots kept for undo and redo together; past it,
/// the oldest undo steps are dropped.
pub const MAX_HISTORY_BYTES: usize = 64 * 1024 * 1024;

/// One position: the game's saved state, and the state its game started
/// from (what Restart goes back to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// The game's bytes for this position (none when they were
    /// [withheld](Snapshot::withheld)).
    pub state: Arc<[u8]>,
    /// The bytes of the position its game started from (none when
    /// withheld).
    pub start: Arc<[u8]>,
    /// What the game process did not send of this position: a state over
    /// [`game_api::host::MAX_KEPT_POSITION_BYTES`] comes as its size only
    /// ([`crate::running::GameError::SaveTooLarge`]). Such a position is
    /// the current one only: it cannot be loaded again.
    pub withheld: Withheld,
}

/// The sizes of a position's state and start that the game process kept
/// to itself (0: sent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Withheld {
    /// The size of its state, if withheld.
    pub state: usize,
    /// The size of its game's start, if withheld.
    pub start: usize,
}

/// What a game's `save` gave the console.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Save {
    /// Its bytes.
    Bytes(Vec<u8>),
    /// The size of a state too large to send (see [`Snapshot::withheld`]).
    Withheld(usize),
}

impl Snapshot {
    fn starting(state: Vec<u8>) -> Snapshot {
        let state: Arc<[u8]> = state.into();
        Snapshot {
            start: state.clone(),
            state,
            withheld: Withheld::default(),
        }
    }

    /// The start of a game whose state was withheld: an allocation of its
    /// own (moves are told apart by their states' allocations), no bytes.
    fn starting_withheld(bytes: usize) -> Snapshot {
        let state: Arc<[u8]> = Vec::new().into();
        Snapshot {
            start: state.clone(),
            state,
            withheld: Withheld {
                state: bytes,
                start: bytes,
            },
        }
    }

    /// The bytes of this position with its start, sent or withheld.
    pub fn bytes(&self) -> usize {
        self.start.len() + self.state.len() + self.withheld.state + self.withheld.start
    }

    /// Whether its state can be loaded into the game again: it was sent.
    pub fn loadable(&self) -> bool {
        self.withheld.state == 0
    }

    /// The bytes this snapshot adds to the history: its state. Its start
    /// is shared with every position of its game (one allocation), so it
    /// is not counted again for each.
    fn size(&self) -> usize {
        self.state.len()
    }

    /// Whether it is kept once it is no longer the current position: at
    /// most [`game_api::host::MAX_KEPT_POSITION_BYTES`] with its start, the most
    /// a resume file keeps too. A larger one (issue 41: 16 MiB a move
    /// kept 64 MiB of undo and took the console to 164 MB) is the current
    /// position only: Undo goes back past it, and nothing is lost that a
    /// resume file would have kept.
    pub fn kept(&self) -> bool {
        self.withheld == Withheld::default()
            && self.bytes() <= game_api::host::MAX_KEPT_POSITION_BYTES
    }
}

/// The undo chain: the positions before the current one, the current one,
/// and those undone (until a new move forgets them).
#[derive(Clone, Debug)]
pub struct History {
    pub(super) undo: Vec<Snapshot>,
    current: Snapshot,
    pub(super) redo: Vec<Snapshot>,
    cap: usize,
    /// The positions reached by a move whose undoing helps the player
    /// ([`game_api::UndoRule::Assists`]), by their states' allocations (each move's
    /// bytes are an allocation of their own). Not kept in resume files.
    assisting: Vec<Arc<[u8]>>,
}

impl History {
    /// A history whose current position starts a game.
    pub fn new(state: Vec<u8>) -> History {
        History::with_cap(state, MAX_HISTORY_BYTES)
    }

    /// As [`History::new`], keeping at most `cap` bytes of undo and redo.
    pub fn with_cap(state: Vec<u8>, cap: usize) -> History {
        History {
            undo: Vec::new(),
            current: Snapshot::starting(state),
            redo: Vec::new(),
            cap,
            assisting: Vec::new(),
        }
    }

    /// A history resumed at `current`.
    pub fn resumed(current: Snapshot) -> History {
        History::resumed_with(Vec::new(), current, Vec::new())
    }

    /// A history resumed at `current`, with the positions before it
    /// (`undo`, oldest first) and those undone (`redo`, the next one
    /// first), as a resume file kept them.
    pub fn resumed_with(undo: Vec<Snapshot>, current: Snapshot, redo: Vec<Snapshot>) -> History {
        let mut history = History {
            undo,
            current,
            redo: redo.into_iter().rev().collect(),
            cap: MAX_HISTORY_BYTES,
            assisting: Vec::new(),
        };
        history.trim();
        history
    }

    /// The positions before the current one, oldest first.
    pub fn undo_positions(&self) -> &[Snapshot] {
        &self.undo
    }

    /// The positions undone, the next one (Redo's) first.
    pub fn redo_positions(&self) -> impl Iterator<Item = &Snapshot> {
        self.redo.iter().rev()
    }

    /// The current position.
    pub fn current(&self) -> &Snapshot {
        &self.current
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        self.redo.last().is_some_and(Snapshot::loadable)
    }

    /// Whether the current position is not its game's start, and that
    /// start can be loaded.
    pub fn can_restart(&self) -> bool {
        let current = &self.current;
        current.withheld.start == 0
            && (current.withheld.state > 0 || current.state != current.start)
    }

    /// How many steps can be undone and redone.
    pub fn depth(&self) -> (usize, usize) {
        (self.undo.len(), self.redo.len())
    }

    /// Records `state` as a move of the current game when it differs from
    /// the current position; returns whether it did.
    pub fn record_move(&mut self, state: Vec<u8>) -> bool {
        if self.current.loadable() && *self.current.state == *state {
            return false;
        }
        let next = Snapshot {
            state: state.into(),
            start: self.current.start.clone(),
            withheld: Withheld {
                state: 0,
                start: self.current.withheld.start,
            },
        };
        self.advance(next);
        true
    }

    /// Records what `save` gave as a move, as [`History::record_move`]. A
    /// withheld state cannot be compared with the current one: it is a
    /// move (the game said something changed), and the current position
    /// only.
    pub fn record(&mut self, save: Save) -> bool {
        match save {
            Save::Bytes(state) => self.record_move(state),
            Save::Withheld(bytes) => {
                let next = Snapshot {
                    state: Vec::new().into(),
                    start: self.current.start.clone(),
                    withheld: Withheld {
                        state: bytes,
                        start: self.current.withheld.start,
                    },
                };
                self.advance(next);
                true
            }
        }
    }

    /// A history whose current position starts a game, from what `save`
    /// gave.
    pub fn from_save(save: Save) -> History {
        match save {
            Save::Bytes(state) => History::new(state),
            Save::Withheld(bytes) => {
                let mut history = History::new(Vec::new());
                history.current = Snapshot::starting_withheld(bytes);
                history
            }
        }
    }

    /// Records what `save` gave as the start of a new game.
    pub fn record_new_game_from(&mut self, save: Save) {
        match save {
            Save::Bytes(state) => self.record_new_game(state),
            Save::Withheld(bytes) => self.advance(Snapshot::starting_withheld(bytes)),
        }
    }

    /// Forgets an undone position that cannot be loaded again (Undo from
    /// a withheld one), so that Redo is off rather than broken.
    pub(super) fn forget_unloadable_redo(&mut self) {
        self.redo.retain(Snapshot::loadable);
    }

    /// Makes the current position an undo barrier ([`game_api::UndoRule::Barrier`]):
    /// the positions before it are forgotten, so Undo stops here, and it
    /// is where Restart goes back to (a game's start would show again what
    /// the move revealed).
    pub fn seal(&mut self) {
        self.undo.clear();
        self.current.start = self.current.state.clone();
        self.current.withheld.start = self.current.withheld.state;
        self.assisting.clear();
    }

    /// Marks the current position as reached by a move whose undoing
    /// helps the player ([`game_api::UndoRule::Assists`]).
    pub fn mark_assisting(&mut self) {
        self.assisting.push(self.current.state.clone());
    }

    /// Whether [`History::undo`] now would take back a move whose undoing
    /// helps the player.
    pub fn undo_assists(&self) -> bool {
        self.can_undo() && self.is_assisting(&self.current)
    }

    /// Whether [`History::restart`] now would take back such a move: one
    /// of the current game's positions up to here was reached by one.
    pub fn restart_assists(&self) -> bool {
        let start = &self.current.start;
        self.can_restart()
            && (self.is_assisting(&self.current)
                || self
                    .undo
                    .iter()
                    .rev()
                    .take_while(|p| Arc::ptr_eq(&p.start, start))
                    .any(|p| self.is_assisting(p)))
    }

    fn is_assisting(&self, position: &Snapshot) -> bool {
        self.assisting
            .iter()
            .any(|s| Arc::ptr_eq(s, &position.state))
    }

    /// Records `state` as the start of a new game.
    pub fn record_new_game(&mut self, state: Vec<u8>) {
        self.advance(Snapshot::starting(state));
    }

    /// Goes back to the start of the current game, as a move (undoable);
    /// returns the bytes to load, or `None` when already there.
    pub fn restart(&mut self) -> Option<Arc<[u8]>> {
        if !self.can_restart() {
            return None;
        }
        let start = self.current.start.clone();
        self.advance(Snapshot {
            state: start.clone(),
            start: start.clone(),
            withheld: Withheld::default(),
        });
        Some(start)
    }

    /// Steps back; returns the bytes to load.
    pub fn undo(&mut self) -> Option<Arc<[u8]>> {
        let previous = self.undo.pop()?;
        let current = std::mem::replace(&mut self.current, previous);
        self.redo.push(current);
        Some(self.current.state.clone())
    }

    /// Steps forward again; returns the bytes to load.
    pub fn redo(&mut self) -> Option<Arc<[u8]>> {
        if !self.can_redo() {
            return None;
        }
        self.step_forward()
    }

    fn step_forward(&mut self) -> Option<Arc<[u8]>> {
        let next = self.redo.pop()?;
        let current = std::mem::replace(&mut self.current, next);
        self.undo.push(current);
        Some(self.current.state.clone())
    }

    /// Takes back the last [`History::undo`] or [`History::redo`] (the game
    /// refused to load its own bytes).
    pub(super) fn take_back_undo(&mut self) {
        // The position left may be a withheld one: it is the game's.
        let _ = self.step_forward();
        // `redo` pushed the position the player was at back on the undo
        // stack; it is current again, so leave it as it was.
    }

    pub(super) fn take_back_redo(&mut self) {
        let _ = self.undo();
    }

    fn advance(&mut self, next: Snapshot) {
        let current = std::mem::replace(&mut self.current, next);
        // A position too large to keep is left behind: Undo goes back
        // past it.
        if current.kept() {
            self.undo.push(current);
        }
        self.redo.clear();
        self.trim();
    }

    /// Forgets the oldest steps while undo and redo hold more than the cap.
    fn trim(&mut self) {
        let mut total: usize = self.undo.iter().chain(&self.redo).map(Snapshot::size).sum();
        let mut forget = 0;
        while total > self.cap && forget < self.undo.len() {
            total -= self.undo[forget].size();
            forget += 1;
        }
        self.undo.drain(..forget);
        let (undo, current, redo) = (&self.undo, &self.current, &self.redo);
        self.assisting.retain(|s| {
            std::iter::once(current)
                .chain(undo)
                .chain(redo)
                .any(|p| Arc::ptr_eq(s, &p.state))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(s: &str) -> Vec<u8> {
        s.as_bytes().to_vec()
    }

    fn state(h: &History) -> String {
        String::from_utf8(h.current().state.to_vec()).unwrap()
    }

    /// Issue 41, attack 7: a position over the most the launcher keeps is
    /// the current one only; Undo goes back past it to the last one kept.
    #[test]
    fn a_position_too_large_to_keep_is_left_behind() {
        let big = game_api::host::MAX_KEPT_POSITION_BYTES;
        let mut h = History::new(bytes("a"));
        assert!(h.record_move(bytes("b")));
        assert!(h.record_move(vec![7; big]));
        assert!(h.record_move(bytes("c")));
        assert!(h.record_move(vec![8; big]));
        assert_eq!(h.current().state.len(), big);
        assert_eq!(h.depth(), (3, 0), "a, b and c");
        assert_eq!(h.undo().as_deref(), Some(&b"c"[..]));
        assert_eq!(h.undo().as_deref(), Some(&b"b"[..]));
        // Redo comes back to the last position, large or not, until a
        // move.
        assert_eq!(h.redo().as_deref(), Some(&b"c"[..]));
        assert_eq!(h.redo().map(|s| s.len()), Some(big));
        assert!(h.record_move(bytes("d")));
        assert_eq!(h.undo().as_deref(), Some(&b"c"[..]));
    }

    /// Issue 41, attack 7: a state the game process withheld (its size
    /// only) is a move, the current position only; Undo leaves it for
    /// good (Redo cannot load it), Restart goes to its game's start, and a
    /// game whose start was withheld has no Restart.
    #[test]
    fn a_withheld_position_is_the_current_one_only() {
        let big = game_api::host::MAX_KEPT_POSITION_BYTES + 1;
        let mut h = History::new(bytes("a"));
        assert!(h.record(Save::Bytes(bytes("b"))));
        assert!(h.record(Save::Withheld(big)));
        assert!(h.record(Save::Withheld(big)), "no bytes to compare: a move");
        assert_eq!(
            h.current().withheld,
            Withheld {
                state: big,
                start: 0
            }
        );
        assert_eq!(h.current().bytes(), big + 1);
        assert_eq!(h.depth(), (2, 0), "a and b");
        assert!(h.can_restart());
        assert_eq!(h.undo().as_deref(), Some(&b"b"[..]));
        assert!(!h.can_redo(), "the withheld position cannot be loaded");
        assert_eq!(h.redo(), None);
        // A refused load takes the step back to the withheld position.
        h.take_back_undo();
        assert_eq!(h.current().withheld.state, big);
        assert_eq!(h.restart().as_deref(), Some(&b"a"[..]));

        h.record_new_game_from(Save::Withheld(big));
        assert!(!h.can_restart(), "its start is not here");
        assert!(h.record(Save::Bytes(bytes("c"))));
        assert!(!h.current().kept(), "its start was withheld");
        assert!(!h.can_restart());
        assert!(h.record(Save::Bytes(bytes("d"))));
        assert_eq!(h.undo().as_deref(), Some(&b"a"[..]), "past that game");
        assert!(
            History::from_save(Save::Withheld(big))
                .current()
                .withheld
                .start
                > 0
        );
    }

    #[test]
    fn moves_undo_and_redo() {
        let mut h = History::new(bytes("a"));
        assert!(!h.can_undo() && !h.can_redo() && !h.can_restart());
        assert!(!h.record_move(bytes("a")), "the same bytes are no move");
        assert!(h.record_move(bytes("b")));
        assert!(h.record_move(bytes("c")));
        assert_eq!(h.undo().as_deref(), Some(&b"b"[..]));
        assert_eq!(h.undo().as_deref(), Some(&b"a"[..]));
        assert_eq!(h.undo(), None);
        assert_eq!(h.redo().as_deref(), Some(&b"b"[..]));
        assert_eq!(h.depth(), (1, 1));
        // A new move forgets what was undone.
        assert!(h.record_move(bytes("d")));
        assert!(!h.can_redo());
        assert_eq!(state(&h), "d");
    }

    #[test]
    fn undo_crosses_a_new_game_and_restart_follows_the_game_shown() {
        let mut h = History::new(bytes("g1-start"));
        h.record_move(bytes("g1-move"));
        h.record_new_game(bytes("g2-start"));
        h.record_move(bytes("g2-move"));
        assert_eq!(h.restart().as_deref(), Some(&b"g2-start"[..]));
        assert_eq!(h.restart(), None, "already at the start");
        // Restart is a move: undo brings the position back.
        assert_eq!(h.undo().as_deref(), Some(&b"g2-move"[..]));
        h.undo();
        assert_eq!(
            h.undo().as_deref(),
            Some(&b"g1-move"[..]),
            "across New game"
        );
        assert_eq!(h.restart().as_deref(), Some(&b"g1-start"[..]));
    }

    #[test]
    fn the_oldest_steps_go_first_past_the_cap() {
        let mut h = History::with_cap(vec![0; 10], 25);
        for i in 1..=5u8 {
            h.record_move(vec![i; 10]);
        }
        // 10 bytes each: two past positions fit under 25 bytes.
        assert_eq!(h.depth(), (2, 0));
        assert_eq!(h.undo().as_deref(), Some(&[4u8; 10][..]));
        assert_eq!(h.undo().as_deref(), Some(&[3u8; 10][..]));
        assert_eq!(h.undo(), None);
    }

    #[test]
    fn a_sealed_position_is_as_far_back_as_undo_and_restart_go() {
        let mut h = History::new(bytes("dealt"));
        h.record_move(bytes("stood"));
        h.record_move(bytes("hit: 27"));
        h.seal();
        assert!(!h.can_undo(), "the card dealt cannot be taken back");
        assert_eq!(h.undo(), None);
        assert!(!h.can_restart(), "nor by Restart");
        h.record_move(bytes("next round"));
        assert_eq!(h.restart().as_deref(), Some(&b"hit: 27"[..]));
        assert_eq!(h.undo().as_deref(), Some(&b"next round"[..]));
        assert_eq!(h.undo().as_deref(), Some(&b"hit: 27"[..]));
        assert_eq!(h.undo(), None);
    }

    #[test]
    fn undoing_or_restarting_past_a_move_that_assists_is_known() {
        let mut h = History::new(bytes("start"));
        h.record_move(bytes("sorted"));
        assert!(!h.undo_assists() && !h.restart_assists());
        h.record_move(bytes("flipped"));
        h.mark_assisting();
        h.record_move(bytes("sorted again"));
        assert!(!h.undo_assists(), "the last move is free");
        assert!(h.restart_assists(), "Restart takes the flip back");
        h.undo();
        assert!(h.undo_assists(), "this undo takes the flip back");
        h.undo();
        assert!(!h.undo_assists() && !h.restart_assists());
        // Redone, the flip is the same move, and undoing it helps again.
        h.redo();
        assert!(h.undo_assists());
    }

    #[test]
    fn a_resumed_history_walks_back_and_forth() {
        let start: Arc<[u8]> = b"a".as_slice().into();
        let at = |s: &str| Snapshot {
            start: start.clone(),
            state: s.as_bytes().into(),
            withheld: Withheld::default(),
        };
        let mut h = History::resumed_with(vec![at("a"), at("b")], at("c"), vec![at("d"), at("e")]);
        assert_eq!(h.depth(), (2, 2));
        let redo: Vec<&[u8]> = h.redo_positions().map(|p| &*p.state).collect();
        assert_eq!(redo, [&b"d"[..], b"e"]);
        assert_eq!(h.redo().as_deref(), Some(&b"d"[..]));
        assert_eq!(h.undo().as_deref(), Some(&b"c"[..]));
        assert_eq!(h.undo().as_deref(), Some(&b"b"[..]));
        assert_eq!(h.undo().as_deref(), Some(&b"a"[..]));
        assert_eq!(h.undo(), None);
        assert_eq!(h.undo_positions(), &[] as &[Snapshot]);
    }
}
