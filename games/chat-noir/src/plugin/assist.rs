//! What the game tells a player who asks: a hint, the answer of the
//! "winnable?" badge, the next move of Solve, and say plainly what the
//! [`Solver`](crate::solver::Solver) found.
//!
//! The game solves positions in the background: a thread of its own
//! ([`Minds::think_about`]) answers with a budget of [`THINK_NODES`]
//! positions and a fresh table per position, and the answers are kept per
//! position. It is asked about each position while the "winnable?" badge
//! is shown, and otherwise only about a position a question did not decide
//! at once: a player who asks nothing spends no CPU on answers. A question
//! is first tried at once within a small budget of [`QUICK_NODES`]
//! positions (no time limit: the same answer on any machine; the same
//! search from the same fresh table, so a position it decides gets the
//! same answer as the thread's); when that does not decide it, the game
//! says it is still thinking and updates when the answer arrives. Without
//! a thread (a launcher without ticks) a question may take up to
//! [`ALONE_TIME`] and [`ALONE_NODES`] positions.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use crate::board::{Board, Pos};
use crate::cats::{Cat, Difficulty};
use crate::hint::{Hint, HintKind, hint_from};
use crate::search::Search;
use crate::solver::{Budget, MAX_SOLVER_SIZE, Solver, Verdict};

/// The positions the background thread lets the solver visit for one
/// position (minutes, on the slowest machines; the answer does not depend
/// on the machine's speed).
pub const THINK_NODES: u64 = 400_000_000;

/// The table of the solver of hints, badge and Solve: at most this many
/// positions (about 50 MB), emptied for each position.
pub const THINK_TABLE_ENTRIES: usize = 1 << 20;

/// The positions a question asked before the background's answer may
/// visit at once (about a tenth of a second).
pub const QUICK_NODES: u64 = 100_000;

/// How long a question may think when the game has no thread of its own
/// to wait for (a launcher without ticks).
pub const ALONE_TIME: Duration = Duration::from_millis(500);

/// The positions a question may visit when the game has no thread of its
/// own to wait for.
pub const ALONE_NODES: u64 = 2_000_000;

/// "cell 3, 4": a cell as the status line and screen readers name it,
/// column then row, counted from 0 at the top left (as in game IDs).
pub fn cell_name(p: Pos) -> String {
    format!("cell {}, {}", p.x, p.y)
}

/// What the status line says of a hint.
///
/// ```
/// use chat_noir::Pos;
/// use chat_noir::hint::{Hint, HintKind};
/// use chat_noir::plugin::assist::hint_text;
/// let hint = Hint { cell: Pos::new(4, 6), kind: HintKind::Winning };
/// assert_eq!(hint_text(&hint), "Hint: block cell 4, 6, a forced win");
/// ```
pub fn hint_text(hint: &Hint) -> String {
    let cell = cell_name(hint.cell);
    match hint.kind {
        HintKind::Winning => format!("Hint: block {cell}, a forced win"),
        HintKind::Heuristic { lost: true } => format!(
            "Hint: the cat can escape whatever you do; blocking {cell} makes it work hardest"
        ),
        HintKind::Heuristic { lost: false } => {
            format!("Hint: no forced win found; {cell} is the best guess (a rule of thumb)")
        }
    }
}

/// What the status line says of a hint while the solver is still thinking
/// about the position: the rule of thumb for now.
///
/// ```
/// use chat_noir::Pos;
/// use chat_noir::plugin::assist::thinking_hint_text;
/// assert_eq!(
///     thinking_hint_text(Pos::new(4, 6)),
///     "Hint: still thinking; for now, cell 4, 6 is the best guess (a rule of thumb)"
/// );
/// ```
pub fn thinking_hint_text(cell: Pos) -> String {
    format!(
        "Hint: still thinking; for now, {} is the best guess (a rule of thumb)",
        cell_name(cell)
    )
}

/// What the badge says while the solver is still thinking.
pub const BADGE_THINKING: &str = "Still thinking";

/// What the badge says of a verdict.
pub fn badge_text(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Winnable { .. } => "Winnable",
        Verdict::Lost => "The cat can escape",
        Verdict::Trapped => "The cat is boxed in",
        Verdict::Undecided => "Not decided in time",
    }
}

/// A position: the board and the cat's cell.
type Key = (Board, Pos);

/// The game's own thread that solves positions in the background.
#[derive(Debug)]
struct Thinker {
    requests: Sender<(u64, Board, Pos)>,
    answers: Receiver<(Board, Pos, Verdict)>,
    /// The ticket of the latest question; an older one stops.
    latest: Arc<AtomicU64>,
    /// The position asked about last.
    asked: Option<Key>,
}

impl Thinker {
    fn start() -> Option<Thinker> {
        let (requests, inbox) = channel::<(u64, Board, Pos)>();
        let (outbox, answers) = channel();
        let latest = Arc::new(AtomicU64::new(0));
        let theirs = Arc::clone(&latest);
        std::thread::Builder::new()
            .name("chat-noir solver".into())
            .spawn(move || think(&inbox, &outbox, &theirs))
            .ok()?;
        Some(Thinker {
            requests,
            answers,
            latest,
            asked: None,
        })
    }
}

impl Drop for Thinker {
    fn drop(&mut self) {
        // Stops the question under way; the thread ends when it sees the
        // channel closed.
        self.latest.fetch_add(1, Ordering::Relaxed);
    }
}

/// The budget of the background's questions and of the quick ones
/// (`nodes`, `time`), with the same table.
fn think_budget(nodes: u64, time: Option<Duration>) -> Budget {
    Budget {
        nodes,
        time,
        table_entries: THINK_TABLE_ENTRIES,
    }
}

/// The background thread: answers the latest question, each from a fresh
/// table, until the game is gone.
fn think(
    inbox: &Receiver<(u64, Board, Pos)>,
    outbox: &Sender<(Board, Pos, Verdict)>,
    latest: &Arc<AtomicU64>,
) {
    lower_priority();
    let mut solver = Solver::new();
    while let Ok(mut question) = inbox.recv() {
        while let Ok(newer) = inbox.try_recv() {
            question = newer;
        }
        let (ticket, board, cat) = question;
        if latest.load(Ordering::Relaxed) != ticket {
            continue;
        }
        solver.clear();
        let budget = think_budget(THINK_NODES, None);
        let verdict = solver.solve_unless_superseded(&board, cat, &budget, latest, ticket);
        if verdict == Verdict::Undecided && latest.load(Ordering::Relaxed) != ticket {
            continue;
        }
        if outbox.send((board, cat, verdict)).is_err() {
            break;
        }
    }
}

/// Lowers the calling thread's priority to the lowest (`nice` 19): the
/// solver thinks while the player does, and yields to everything else on
/// the machine; the console does not count such a thread as the game
/// "using a lot of CPU" (`game_host::usage`).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: sets the calling thread's own priority (`PRIO_PROCESS` of
    // thread 0 is the caller on Linux); a refusal changes nothing.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 19);
    }
}

/// The game's thinking parts: the cat of the chosen difficulty, a solver
/// for quick answers, the background thread (once started) and the
/// answers kept per position. Cloning one gives a fresh one of the same
/// difficulty (tables and answers are a cache, not state).
#[derive(Debug, Default)]
pub struct Minds {
    /// The cat that answers the player's moves.
    pub cat: Cat,
    solver: Solver,
    search: Search,
    thinker: Option<Thinker>,
    answers: HashMap<Key, Verdict>,
    /// The position a quick answer last failed to decide.
    undecided: Option<Key>,
}

impl Clone for Minds {
    fn clone(&self) -> Minds {
        Minds::new(self.cat.difficulty())
    }
}

impl Minds {
    /// A cat of `difficulty`, and an empty solver.
    pub fn new(difficulty: Difficulty) -> Minds {
        Minds {
            cat: Cat::new(difficulty),
            ..Minds::default()
        }
    }

    /// Forgets the answers: a new board.
    pub fn forget(&mut self) {
        self.solver.clear();
        self.answers.clear();
    }

    /// Starts the background thread, if it is not running (a game whose
    /// launcher gives it ticks, to look for answers).
    pub fn start_thinking(&mut self) {
        if self.thinker.is_none() {
            self.thinker = Thinker::start();
        }
    }

    /// Asks the background thread about `board` with the cat on `cat`,
    /// unless it is answered or asked already; an earlier question stops.
    pub fn think_about(&mut self, board: &Board, cat: Pos) {
        let key = (board.clone(), cat);
        if self.answers.contains_key(&key) {
            return;
        }
        let Some(thinker) = &mut self.thinker else {
            return;
        };
        if thinker.asked.as_ref() == Some(&key) {
            return;
        }
        let ticket = thinker.latest.fetch_add(1, Ordering::Relaxed) + 1;
        if thinker.requests.send((ticket, board.clone(), cat)).is_ok() {
            thinker.asked = Some(key);
        }
    }

    /// Takes the background's answers that arrived; true if there were.
    pub fn poll(&mut self) -> bool {
        let Some(thinker) = &mut self.thinker else {
            return false;
        };
        let mut any = false;
        while let Ok((board, cat, verdict)) = thinker.answers.try_recv() {
            if thinker
                .asked
                .as_ref()
                .is_some_and(|(b, c)| *b == board && *c == cat)
            {
                thinker.asked = None;
            }
            self.answers.insert((board, cat), verdict);
            any = true;
        }
        any
    }

    /// Whether the background thread is still working on this position.
    pub fn is_thinking(&self, board: &Board, cat: Pos) -> bool {
        self.thinker.as_ref().is_some_and(|t| {
            t.asked
                .as_ref()
                .is_some_and(|(b, c)| b == board && *c == cat)
        })
    }

    /// The background's answer for a position, if it came.
    pub fn answer(&self, board: &Board, cat: Pos) -> Option<Verdict> {
        self.answers.get(&(board.clone(), cat)).copied()
    }

    /// Whether the player can force a win: the answer kept for the
    /// position, or one found at once within [`QUICK_NODES`] positions
    /// (kept when it decides; without the thread, within [`ALONE_TIME`]).
    pub fn verdict(&mut self, board: &Board, cat: Pos) -> Verdict {
        if let Some(v) = self.answer(board, cat) {
            return v;
        }
        let key = (board.clone(), cat);
        if self.undecided.as_ref() == Some(&key) {
            // Asked again while the thread thinks: the same search again
            // would find the same nothing.
            self.think_about(board, cat);
            return Verdict::Undecided;
        }
        self.solver.clear();
        let budget = match self.thinker {
            Some(_) => think_budget(QUICK_NODES, None),
            None => think_budget(ALONE_NODES, Some(ALONE_TIME)),
        };
        let verdict = self.solver.solve(board, cat, &budget);
        if verdict == Verdict::Undecided {
            if self.thinker.is_some() {
                self.undecided = Some(key);
                // Not decided at once: the thread takes it on (if it is
                // not on it already).
                self.think_about(board, cat);
            }
        } else {
            self.answers.insert(key, verdict);
            if let Some(t) = &mut self.thinker
                && t.asked
                    .as_ref()
                    .is_some_and(|(b, c)| b == board && *c == cat)
            {
                // The thread need not go on.
                t.latest.fetch_add(1, Ordering::Relaxed);
                t.asked = None;
            }
        }
        verdict
    }

    /// The hint for the player to move (see [`crate::hint::hint`]), from
    /// [`Minds::verdict`].
    pub fn hint(&mut self, board: &Board, cat: Pos) -> Option<Hint> {
        let verdict = self.verdict(board, cat);
        hint_from(board, cat, verdict, &mut self.search)
    }
}

/// Why Solve cannot play from a position.
pub fn cannot_solve(board: &Board, verdict: Verdict) -> &'static str {
    match verdict {
        _ if board.size() > MAX_SOLVER_SIZE => {
            "Solve works on boards up to 11 by 11: this one is too large to solve"
        }
        Verdict::Lost => "Solve found no win: the cat can escape whatever you do",
        Verdict::Trapped => "The cat is already boxed in",
        _ => "Solve found no forced win in time; try a hint instead",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::World;

    /// The thread solves only what it is asked: a question that the quick
    /// budget does not decide asks it, and nothing else does (the plugin
    /// asks about every position only while the badge is shown).
    #[test]
    fn the_thread_solves_only_what_a_question_left_undecided() {
        let mut minds = Minds::new(Difficulty::Classic);
        minds.start_thinking();
        // Seed 88: winnable, decided in 103,529 positions, more than a
        // quick answer may visit.
        let world = World::new_game(11, 88).unwrap();
        let (board, cat) = (world.board(), world.cat());
        assert!(!minds.is_thinking(board, cat), "asked about nothing yet");
        assert_eq!(minds.verdict(board, cat), Verdict::Undecided);
        assert!(minds.is_thinking(board, cat), "the thread takes it on");
        // Asked again while it thinks: still the thread's, not asked twice.
        assert_eq!(minds.verdict(board, cat), Verdict::Undecided);
        // Polled with pauses: the thread runs at the lowest priority, and
        // a loop that only yields would keep it from a busy machine's CPU.
        while !minds.poll() {
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(!minds.is_thinking(board, cat));
        assert!(matches!(
            minds.verdict(board, cat),
            Verdict::Winnable { .. }
        ));
    }
}
