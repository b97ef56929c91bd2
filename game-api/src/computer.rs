//! A computer player's turn, off the window's ticks: [`Search`] runs a
//! search on a thread of the game's own and the game looks for its answer
//! on ticks, so that the window stays free while the computer thinks and a
//! busy machine slows the search only by the CPU it loses, never by how
//! often the ticks come. The search itself is bounded by a count of
//! positions (its node budget), never by seconds: the same position gets
//! the same answer on any machine.
//!
//! [`Ticks`] keeps the ticks a game asks its host for: fast ones while
//! something moves, [`THINKING_TICK`] while a computer only thinks, none
//! otherwise.
//!
//! ```
//! use game_api::Host;
//! use game_api::computer::{Poll, Search};
//! let host = Host::detached();
//! // A search that counts to a budget of nodes and answers what it found.
//! let mut search = Search::start(&host, "counter", 7u8, |stop| {
//!     let mut nodes = 0u64;
//!     while nodes < 1_000 && !stop.load(std::sync::atomic::Ordering::Relaxed) {
//!         nodes += 1;
//!     }
//!     Some(nodes)
//! });
//! assert_eq!(*search.about(), 7); // what it thinks about, for the game to compare
//! assert_eq!(search.wait(), Some(&1_000)); // tests wait; the window polls on ticks
//! assert_eq!(search.poll(), Poll::Answered);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::Host;

/// The interval of ticks a game asks for while a computer only thinks
/// (nothing moves): each tick costs the window a frame, CPU the search on
/// its thread loses on a busy machine; an answer is then taken at most
/// this late.
pub const THINKING_TICK: Duration = Duration::from_millis(100);

/// A computer player's strength as the player chooses it (Easy, Medium,
/// Hard...), for [`Seat`].
pub trait Level: Copy + PartialEq + 'static {
    /// Every strength, weakest first, as the choice lists them.
    const ALL: &'static [Self];
    /// Its name in the choice ("Easy").
    fn name(self) -> &'static str;
}

/// Who plays a side: a person at the board, or the computer at a
/// [`Level`]. Its label is "Person" or "Computer Easy", ...: what the
/// game's choice shows and its `settings.txt` keeps.
///
/// ```
/// use game_api::computer::{Level, Seat};
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// enum Strength { Easy, Hard }
/// impl Level for Strength {
///     const ALL: &'static [Strength] = &[Strength::Easy, Strength::Hard];
///     fn name(self) -> &'static str {
///         match self { Strength::Easy => "Easy", Strength::Hard => "Hard" }
///     }
/// }
/// assert_eq!(Seat::<Strength>::labels(), ["Person", "Computer Easy", "Computer Hard"]);
/// assert_eq!(Seat::from_label(" computer hard"), Some(Seat::Computer(Strength::Hard)));
/// assert_eq!(Seat::<Strength>::from_label("Computer Medium"), None);
/// assert!(Seat::Computer(Strength::Easy).is_computer());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat<S> {
    /// A person at the board.
    Person,
    /// The computer, at a strength.
    Computer(S),
}

impl<S: Level> Seat<S> {
    /// Every choice: a person, then the computer at each strength.
    pub fn all() -> impl Iterator<Item = Seat<S>> {
        std::iter::once(Seat::Person).chain(S::ALL.iter().map(|&s| Seat::Computer(s)))
    }

    /// The labels of [`Seat::all`], for a choice's options.
    pub fn labels() -> Vec<String> {
        Self::all().map(Seat::label).collect()
    }

    /// "Person", "Computer Easy", ...
    pub fn label(self) -> String {
        match self {
            Seat::Person => "Person".into(),
            Seat::Computer(s) => format!("Computer {}", s.name()),
        }
    }

    /// The seat a label names (any case, spaces around it ignored).
    pub fn from_label(text: &str) -> Option<Seat<S>> {
        Self::all().find(|seat| seat.label().eq_ignore_ascii_case(text.trim()))
    }

    /// Whether the computer plays it.
    pub fn is_computer(self) -> bool {
        matches!(self, Seat::Computer(_))
    }
}

impl<S: Level> std::fmt::Display for Seat<S> {
    /// Its [`Seat::label`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label())
    }
}

/// Where a [`Search`] is, as [`Search::poll`] finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Poll {
    /// No answer yet.
    Thinking,
    /// The answer came: [`Search::answer`] holds it.
    Answered,
    /// The search ended without an answer (it found no move, or it was
    /// stopped).
    Ended,
}

/// A computer's search on a thread of its own, about a position `K` (kept
/// for the game to tell whether the answer is still for the board), with
/// an answer `A`. Dropping it tells the search to stop: the search checks
/// the flag it was given at each position and ends there; nobody waits for
/// it, and its answer, if any, is dropped.
#[derive(Debug)]
pub struct Search<A, K = ()> {
    answers: Receiver<A>,
    stop: Arc<AtomicBool>,
    answer: Option<A>,
    ended: bool,
    about: K,
    age: f32,
}

impl<A: Send + 'static, K> Search<A, K> {
    /// Starts `work` on a thread named `name`, about `about`. `work` gets
    /// the stop flag, set once the answer is no longer wanted, and returns
    /// its answer (`None`: no move). When no thread can be had, `work` runs
    /// here, at once (it is bounded by nodes), and `host` logs why.
    pub fn start<F>(host: &Host, name: &str, about: K, work: F) -> Search<A, K>
    where
        F: FnOnce(&Arc<AtomicBool>) -> Option<A> + Send + 'static,
    {
        let (tx, answers) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        // The work waits in a slot the thread empties, so that it can still
        // be run here if the thread cannot be started.
        let slot = Arc::new(Mutex::new(Some(work)));
        let (theirs, flag) = (Arc::clone(&slot), Arc::clone(&stop));
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let work = theirs.lock().ok().and_then(|mut w| w.take());
                if let Some(answer) = work.and_then(|work| work(&flag))
                    && !flag.load(Ordering::Relaxed)
                {
                    // Nobody may be listening any more: that is fine.
                    let _ = tx.send(answer);
                }
            });
        let mut search = Search {
            answers,
            stop,
            answer: None,
            ended: false,
            about,
            age: 0.0,
        };
        if let Err(e) = spawned {
            host.log(&format!(
                "no thread for the computer ({e}); it thinks in the window"
            ));
            let work = slot.lock().ok().and_then(|mut w| w.take());
            search.answer = work.and_then(|work| work(&search.stop));
            search.ended = search.answer.is_none();
        }
        search
    }

    /// Looks for the answer without waiting.
    pub fn poll(&mut self) -> Poll {
        if self.answer.is_none() && !self.ended {
            match self.answers.try_recv() {
                Ok(answer) => self.answer = Some(answer),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.ended = true,
            }
        }
        if self.answer.is_some() {
            Poll::Answered
        } else if self.ended {
            Poll::Ended
        } else {
            Poll::Thinking
        }
    }

    /// A tick of `dt` seconds: adds them to its [`Search::age`] and looks
    /// for the answer.
    pub fn tick(&mut self, dt: f32) -> Poll {
        self.age += dt;
        self.poll()
    }

    /// Waits for the answer: for tests and tools, as it blocks. `None` when
    /// the search ended without one.
    pub fn wait(&mut self) -> Option<&A> {
        if self.answer.is_none() && !self.ended {
            match self.answers.recv() {
                Ok(answer) => self.answer = Some(answer),
                Err(_) => self.ended = true,
            }
        }
        self.answer.as_ref()
    }
}

impl<A, K> Search<A, K> {
    /// The answer, once [`Search::poll`] or [`Search::wait`] found it.
    pub fn answer(&self) -> Option<&A> {
        self.answer.as_ref()
    }

    /// The answer once it came and the search is `pace` seconds of ticks
    /// old, so that a game between computers can be followed.
    pub fn ready(&self, pace: f32) -> Option<&A> {
        self.answer.as_ref().filter(|_| self.age >= pace)
    }

    /// What it thinks about.
    pub fn about(&self) -> &K {
        &self.about
    }

    /// The seconds of ticks ([`Search::tick`]) since it started.
    pub fn age(&self) -> f32 {
        self.age
    }
}

impl<A, K> Drop for Search<A, K> {
    fn drop(&mut self) {
        // The search ends at its next position; nobody waits for it.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The ticks a game asks its host for, told to the host only when they
/// change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ticks {
    asked: Option<Duration>,
}

impl Ticks {
    /// Asks `host` for ticks every `interval`, or for none with `None`,
    /// unless that is what it asked for last. Returns whether it told the
    /// host.
    pub fn want(&mut self, host: &Host, interval: Option<Duration>) -> bool {
        if interval == self.asked {
            return false;
        }
        match interval {
            Some(interval) => host.request_ticks(interval),
            None => host.stop_ticks(),
        }
        self.asked = interval;
        true
    }

    /// The ticks of a game with a computer: every `moving` interval while
    /// something moves (`None`: nothing does), every [`THINKING_TICK`]
    /// while a computer only thinks, none otherwise.
    pub fn pace(&mut self, host: &Host, moving: Option<Duration>, thinking: bool) -> bool {
        self.want(host, moving.or(thinking.then_some(THINKING_TICK)))
    }

    /// The interval asked for last (`None`: no ticks).
    pub fn asked(&self) -> Option<Duration> {
        self.asked
    }

    /// Forgets what was asked, as for a new host that was told nothing.
    pub fn forget(&mut self) {
        self.asked = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    #[test]
    fn an_answer_is_found_by_polling_and_kept() {
        let (go, wait) = sync_channel::<()>(0);
        let mut search = Search::start(&Host::detached(), "test", "here", move |_| {
            wait.recv().ok()?;
            Some(42)
        });
        assert_eq!(search.poll(), Poll::Thinking);
        assert_eq!(search.answer(), None);
        go.send(()).unwrap();
        assert_eq!(search.wait(), Some(&42));
        assert_eq!(search.poll(), Poll::Answered);
        assert_eq!(search.answer(), Some(&42));
        assert_eq!(*search.about(), "here");
    }

    #[test]
    fn a_search_without_an_answer_ends() {
        let mut search: Search<u8> = Search::start(&Host::detached(), "test", (), |_| None);
        assert_eq!(search.wait(), None);
        assert_eq!(search.poll(), Poll::Ended);
    }

    #[test]
    fn the_answer_is_ready_once_its_pace_of_ticks_has_passed() {
        let mut search = Search::start(&Host::detached(), "test", (), |_| Some('m'));
        search.wait();
        assert_eq!(search.tick(0.25), Poll::Answered);
        assert_eq!(search.ready(0.4), None, "a quarter second is not enough");
        search.tick(0.25);
        assert_eq!(search.ready(0.4), Some(&'m'));
        assert_eq!(search.age(), 0.5);
    }

    #[test]
    fn dropping_a_search_stops_it() {
        let (seen, stopped) = channel();
        let (started, running) = sync_channel::<()>(0);
        let search: Search<u64> = Search::start(&Host::detached(), "test", (), move |stop| {
            started.send(()).ok()?;
            // A search that would go on for ever, checking its flag at
            // each node.
            while !stop.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
            seen.send(()).ok()?;
            Some(1)
        });
        running.recv().unwrap();
        drop(search);
        // Waits, bounded, for the search to see it.
        stopped
            .recv_timeout(Duration::from_secs(60))
            .expect("the search saw its stop flag");
    }

    #[test]
    fn ticks_tell_the_host_only_changes() {
        let host = Host::detached();
        let mut ticks = Ticks::default();
        assert!(!ticks.want(&host, None), "none were asked for yet");
        assert!(ticks.want(&host, Some(THINKING_TICK)));
        assert!(!ticks.want(&host, Some(THINKING_TICK)));
        assert_eq!(ticks.asked(), Some(THINKING_TICK));
        assert!(ticks.want(&host, Some(Duration::from_millis(16))));
        assert!(ticks.want(&host, None));
        assert_eq!(ticks.asked(), None);
        ticks.want(&host, Some(THINKING_TICK));
        ticks.forget();
        assert!(ticks.want(&host, Some(THINKING_TICK)), "a new host is told");
        let slide = Some(Duration::from_millis(16));
        assert!(ticks.pace(&host, slide, true));
        assert_eq!(ticks.asked(), slide, "what moves sets the pace");
        ticks.pace(&host, None, true);
        assert_eq!(ticks.asked(), Some(THINKING_TICK));
        ticks.pace(&host, None, false);
        assert_eq!(ticks.asked(), None);
    }
}
