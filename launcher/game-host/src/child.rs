//! The game process's side: load one game's library, run the game through
//! [`GameInstance`], answer the console's calls, and pass on what the game
//! asks of its host.
//!
//! Before the library is loaded (its initialisers may print), the protocol's
//! pipes are moved off fds 0 and 1 to descriptors the game does not know,
//! fd 1 is pointed at stderr (which the console captures) and fd 0 at
//! `/dev/null`: whatever the game prints or reads can never corrupt the
//! conversation. The process then enters its namespaces (while it is still
//! single-threaded; with a PID namespace, the game goes on in a grandchild,
//! pid 2 under a stand-in init, [`crate::init`]), limits its address space,
//! arranges to die with the console (or with that init), confines itself
//! ([`crate::sandbox`]), and only then loads the library.

use crate::protocol::{
    Answer, Call, CallResult, FrameError, Notification, PROTOCOL_VERSION, Start, StartFailure,
    Started, ToConsole, ToGame, WireCallError, read_message, write_message,
};
use crate::repeats::{Repeats, Undo};
use crate::sandbox::Sandbox;
use game_api::host::{CallError, GameInstance, HostServices, MAX_KEPT_POSITION_BYTES};
use game_api::{Point, RecordingPainter};
use std::cell::RefCell;
use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::Path;
use std::process::ExitCode;
use std::rc::Rc;

/// Measures text as the console draws it: `(font size, style, text) →
/// size`.
pub type Measure = Box<dyn FnMut(f32, game_api::TextStyle, &str) -> Point>;

/// The most requests of its host a game may make while handling one call
/// (a redraw counts once); past it they are dropped, and the log says how
/// many.
const MAX_NOTIFICATIONS_PER_CALL: usize = 256;

/// Runs the game process: the whole life of `plt-games --game-host`. Reads
/// [`ToGame::Start`] from stdin, loads and starts the game, answers calls
/// until [`Call::Close`] or the console goes away. `measurer` makes the text
/// measurer from the start message (`None`: the estimate of
/// [`game_api::estimate_text_size`]); it is called once, before the library
/// is loaded, and may defer its own setup until the game first measures.
pub fn serve(measurer: impl FnOnce(&Start) -> Option<Measure>) -> ExitCode {
    let (input, output) = match protocol_pipes() {
        Ok(pipes) => pipes,
        Err(e) => {
            eprintln!("game host: cannot set up the pipes to the launcher: {e}");
            return ExitCode::from(3);
        }
    };
    let mut input = BufReader::new(input);
    let outbox = Rc::new(RefCell::new(Outbox {
        out: BufWriter::new(output),
        broken: false,
        sent: 0,
        dropped: 0,
        redraw_sent: false,
        cursor: None,
    }));
    let mut start = match read_message::<ToGame>(&mut input) {
        Ok(Some(ToGame::Start(start))) => start,
        Ok(None) => return ExitCode::SUCCESS,
        Ok(Some(other)) => {
            eprintln!("game host: the launcher's first message is not Start but {other:?}");
            return ExitCode::from(3);
        }
        Err(e) => {
            eprintln!("game host: cannot read the launcher's first message: {e}");
            return ExitCode::from(3);
        }
    };
    let say = |message: &ToConsole| outbox.borrow_mut().send(message);
    if start.protocol != PROTOCOL_VERSION {
        say(&ToConsole::Started(Err(StartFailure::Host(format!(
            "the game host speaks protocol version {PROTOCOL_VERSION}, the launcher {}; the launcher was probably updated while it ran, so start it again",
            start.protocol
        )))));
        return ExitCode::FAILURE;
    }
    // The game's root ([`crate::mounts`]) keeps its paths as they are:
    // they must not depend on the working directory, which becomes `/`.
    if let Ok(library) = std::path::absolute(&start.library) {
        start.library = library;
    }
    if let Some(data_dir) = &start.data_dir
        && let Ok(data_dir) = std::path::absolute(data_dir)
    {
        start.data_dir = Some(data_dir);
    }
    // Before the game's root, which may have no `/proc`: the page is
    // mapped, so the game keeps it.
    let progress = start
        .progress_fd
        .and_then(|fd| crate::progress::ProgressPage::open(fd).ok());
    // First, while this process is still single-threaded (the kernel
    // refuses a user namespace to a process with threads).
    let mut namespaces = if start.sandbox {
        crate::sandbox::enter_game_namespaces()
    } else {
        Err("turned off".into())
    };
    // With a PID namespace, the game runs as this process's grandchild,
    // pid 2 under a stand-in init (`crate::init`); this process waits and
    // ends as the game does. It returns here in the game only.
    let game_dir = start.library.parent().unwrap_or(Path::new(".")).to_owned();
    let parent = match &mut namespaces {
        Ok(namespaces) if namespaces.pid => {
            let game_only = [
                raw_fd(input.get_ref()),
                raw_fd(outbox.borrow().out.get_ref()),
            ];
            #[cfg(target_os = "linux")]
            let root = crate::mounts::Root::new(&game_dir, start.data_dir.as_deref());
            #[cfg(not(target_os = "linux"))]
            let root = ();
            match crate::init::start_game(Some(start.console_pid), &game_only, Some(&root)) {
                Ok(mounted) => namespaces.mount = mounted,
                Err(e) => {
                    say(&ToConsole::Started(Err(StartFailure::Host(e))));
                    return ExitCode::FAILURE;
                }
            }
            1
        }
        Ok(namespaces) => {
            namespaces.mount = Err("it needs a PID namespace of its own".into());
            start.console_pid
        }
        _ => start.console_pid,
    };
    // The tasks' limit counts the game's user namespace only when it has one.
    let own_users = namespaces.is_ok();
    if let Err(e) = crate::sandbox::limit_process(Some(parent), start.memory_limit, own_users) {
        say(&ToConsole::Started(Err(StartFailure::Host(e))));
        return ExitCode::FAILURE;
    }
    let sandbox = if start.sandbox {
        match crate::sandbox::confine(&game_dir, start.data_dir.as_deref(), namespaces) {
            Ok(sandbox) => sandbox,
            Err(e) => {
                say(&ToConsole::Started(Err(StartFailure::Host(e))));
                return ExitCode::FAILURE;
            }
        }
    } else {
        Sandbox::Off
    };
    let mut measure = measurer(&start);
    let library = match launcher_core::loader::Loader::new().load(&start.library) {
        Ok(library) => library,
        Err(e) => {
            say(&ToConsole::Started(Err(StartFailure::Load(e.to_string()))));
            return ExitCode::FAILURE;
        }
    };
    say(&ToConsole::Loaded);
    let clock = Rc::new(RefCell::new(Clock::default()));
    let services = ChildServices {
        outbox: outbox.clone(),
        clock: clock.clone(),
        data_dir: start
            .data_dir
            .as_ref()
            // The sandbox made it already (its rule needs it to exist).
            .map(|d| (d.to_string_lossy().into_owned(), start.sandbox)),
    };
    let mut instance = match library.start(Box::new(services)) {
        Ok(instance) => instance,
        Err(e) => {
            say(&ToConsole::Started(Err(StartFailure::Create(wire(&e)))));
            return ExitCode::FAILURE;
        }
    };
    say(&ToConsole::Started(Ok(Started {
        features: instance.features(),
        table_size: library.table_size(),
        sandbox,
    })));
    let mut repeats = Repeats::new();
    loop {
        let (seq, calls) = match read_message::<ToGame>(&mut input) {
            Ok(Some(ToGame::Calls { seq, calls })) => (seq, calls),
            Ok(Some(ToGame::Start(_))) => {
                eprintln!("game host: the launcher sent Start twice");
                break;
            }
            // The console is gone (or closed our side): end without calling
            // the game again; it may be what hung.
            Ok(None) => break,
            Err(e) => {
                eprintln!("game host: cannot read the launcher's message: {e}");
                break;
            }
        };
        outbox.borrow_mut().new_call();
        let mut results = Vec::with_capacity(calls.len());
        // The reads answered as what changed (`crate::repeats`), to be
        // forgotten if this reply does not go as it is.
        let mut undo = Undo::default();
        let mut close = false;
        for (index, call) in calls.into_iter().enumerate() {
            match &progress {
                Some(page) => page.store(seq, index),
                None if index > 0 => say(&ToConsole::Progress {
                    seq,
                    index: index as u32,
                }),
                None => {}
            }
            if call == Call::Close {
                // Answered once the game is destroyed; later calls are not run.
                close = true;
                break;
            }
            if let Call::Clock { ms, running } = call {
                *clock.borrow_mut() = Clock {
                    ms,
                    since: running.then(std::time::Instant::now),
                };
                results.push(Ok(Answer::Done));
                continue;
            }
            if call == Call::IfRedrawn {
                match results.last() {
                    Some(Ok(Answer::Response(response))) if response.redraw => {
                        results.push(Ok(Answer::Done));
                        continue;
                    }
                    // No redraw: the reads after it are not needed.
                    _ => break,
                }
            }
            let read = call.clone();
            results.push(
                run(&mut instance, call, &mut measure)
                    .map(|answer| repeats.shorten(&read, answer, &mut undo)),
            );
        }
        if close {
            results.push(
                instance
                    .close()
                    .map(|()| Answer::Done)
                    .map_err(|e| wire(&e)),
            );
            outbox.borrow_mut().end_call();
            send_reply(&outbox, seq, results);
            return ExitCode::SUCCESS;
        }
        outbox.borrow_mut().end_call();
        if !send_reply(&outbox, seq, results) {
            repeats.undo(undo);
        }
        if outbox.borrow().broken {
            break;
        }
    }
    // Never destroy a game the console has given up on: it may hang there.
    std::mem::forget(instance);
    ExitCode::SUCCESS
}

/// A call failure as it travels.
fn wire(e: &CallError) -> WireCallError {
    WireCallError {
        function: e.function.to_owned(),
        kind: e.kind.clone(),
        message: e.message.clone(),
    }
}

/// Runs one call.
fn run(instance: &mut GameInstance, call: Call, measure: &mut Option<Measure>) -> CallResult {
    let answer = match call {
        Call::CanvasSize => instance.canvas_size().map(Answer::CanvasSize),
        Call::Title => instance.title().map(Answer::Text),
        Call::Status => instance.status().map(Answer::Text),
        Call::Draw => {
            let mut recording = RecordingPainter::new();
            let mut painter = game_api::MeasuringRecorder {
                recording: &mut recording,
                measure: |font_size: f32, style: game_api::TextStyle, text: &str| match measure {
                    Some(measure) => measure(font_size, style, text),
                    None => game_api::estimate_text_size(font_size, text),
                },
            };
            let drawn = instance.draw(&mut painter);
            drawn.map(|report| {
                Answer::Frame(crate::protocol::Frame {
                    shapes: recording.shapes,
                    report,
                    notes: instance.notes().map(str::to_owned).collect(),
                })
            })
        }
        Call::HandleEvent(event) => instance.handle_event(&event).map(Answer::Response),
        Call::Actions => instance.actions().map(Answer::Actions),
        Call::Regions => instance.regions().map(Answer::Regions),
        Call::InvokeAction { id, value } => {
            instance.invoke_action(&id, &value).map(Answer::Response)
        }
        Call::Save => instance.save().map(|bytes| {
            // The console keeps no larger state: its size is all it needs.
            if bytes.len() > MAX_KEPT_POSITION_BYTES {
                Answer::SaveTooLarge(bytes.len() as u64)
            } else {
                Answer::Bytes(bytes)
            }
        }),
        Call::Load(bytes) => instance.load(&bytes).map(|()| Answer::Done),
        Call::NewGame(seed) => instance.new_game(seed).map(|()| Answer::Done),
        Call::GameId => instance.game_id().map(Answer::Text),
        Call::StartFromGameId(id) => instance.start_from_game_id(&id).map(|()| Answer::Done),
        Call::Outcome => instance.outcome().map(Answer::Outcome),
        Call::Notes => Ok(Answer::Notes(instance.notes().map(str::to_owned).collect())),
        Call::FileChosen(choice) => instance.file_chosen(&choice).map(Answer::Response),
        Call::Layout(size) => instance.layout(size).map(Answer::Response),
        Call::ScoreKind => instance.score_kind().map(Answer::ScoreKind),
        // Handled by the loop.
        Call::Close | Call::IfRedrawn | Call::Clock { .. } => Ok(Answer::Done),
    };
    answer.map_err(|e| wire(&e))
}

/// Sends a reply; one too large for a frame becomes an error for each call
/// (the game is not the launcher's problem, but the pipe must stay sound).
/// Returns whether the reply went as it was.
fn send_reply(outbox: &Rc<RefCell<Outbox>>, seq: u64, results: Vec<CallResult>) -> bool {
    let reply = ToConsole::Reply { seq, results };
    let mut outbox = outbox.borrow_mut();
    if let Err(FrameError::TooLong(len)) = outbox.try_send(&reply) {
        let ToConsole::Reply { results, .. } = reply else {
            unreachable!("built above")
        };
        let results = results
            .into_iter()
            .map(|_| {
                Err(WireCallError {
                    function: "reply".into(),
                    kind: game_api::host::CallErrorKind::Invalid,
                    message: format!(
                        "its answer is {len} bytes, more than the launcher reads at once"
                    ),
                })
            })
            .collect();
        outbox.send(&ToConsole::Reply { seq, results });
        return false;
    }
    true
}

/// The game process's side of the pipe to the console.
struct Outbox {
    out: BufWriter<File>,
    /// Writing failed: the console is gone.
    broken: bool,
    /// Requests of the host sent during this call.
    sent: usize,
    /// Requests of the host dropped during this call.
    dropped: usize,
    /// Whether a redraw was asked for during this call.
    redraw_sent: bool,
    /// The pointer shape last passed on: a game may set it on every
    /// pointer move (the cards kit does), and each message wakes the
    /// console for a frame that shows nothing new.
    cursor: Option<u32>,
}

impl Outbox {
    /// Sends a message; a failure marks the pipe broken.
    fn send(&mut self, message: &ToConsole) {
        let _ = self.try_send(message);
    }

    fn try_send(&mut self, message: &ToConsole) -> Result<(), FrameError> {
        if self.broken {
            return Ok(());
        }
        let sent = write_message(&mut self.out, message);
        if let Err(FrameError::Io(_)) = &sent {
            self.broken = true;
        }
        sent
    }

    fn new_call(&mut self) {
        self.sent = 0;
        self.dropped = 0;
        self.redraw_sent = false;
    }

    /// Passes on a request of the game, within the call's allowance.
    fn notify(&mut self, notification: Notification) {
        if notification == Notification::RequestRedraw {
            if self.redraw_sent {
                return;
            }
            self.redraw_sent = true;
        }
        if let Notification::SetCursor(cursor) = &notification {
            // A state, not a request: the same shape again changes nothing.
            if self.cursor == Some(*cursor) {
                return;
            }
        }
        if self.sent >= MAX_NOTIFICATIONS_PER_CALL {
            self.dropped += 1;
            return;
        }
        self.sent += 1;
        if let Notification::SetCursor(cursor) = &notification {
            self.cursor = Some(*cursor);
        }
        self.send(&ToConsole::Notify(notification));
    }

    fn end_call(&mut self) {
        if self.dropped > 0 {
            let message = format!(
                "the game made {} more requests of the launcher during one call; they were dropped",
                self.dropped
            );
            self.send(&ToConsole::Notify(Notification::Log(message)));
        }
    }
}

/// The time played, as the console last told it: `ms` then, counting on
/// since `since` while the game is not over and its window not minimised.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    ms: u64,
    since: Option<std::time::Instant>,
}

impl Clock {
    /// The time played now, in milliseconds.
    fn now(&self) -> u64 {
        let running = self
            .since
            .map_or(0, |since| since.elapsed().as_millis() as u64);
        self.ms.saturating_add(running)
    }
}

/// What the game may ask of its host, passed on to the console.
struct ChildServices {
    outbox: Rc<RefCell<Outbox>>,
    /// The clock the game reads (`play_time`), set by the console.
    clock: Rc<RefCell<Clock>>,
    /// The game's data directory, and whether it was created yet.
    data_dir: Option<(String, bool)>,
}

impl ChildServices {
    fn notify(&mut self, notification: Notification) {
        self.outbox.borrow_mut().notify(notification);
    }
}

impl HostServices for ChildServices {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.notify(Notification::ShowTextHelp {
            title: title.to_owned(),
            verbatim,
        });
    }
    fn show_manual_section(&mut self, section_tag: &str) {
        self.notify(Notification::ShowManualSection(section_tag.to_owned()));
    }
    fn request_redraw(&mut self) {
        self.notify(Notification::RequestRedraw);
    }
    fn log(&mut self, message: &str) {
        self.notify(Notification::Log(message.to_owned()));
    }
    fn request_tick(&mut self, interval: Option<f32>) {
        self.notify(Notification::RequestTicks(interval));
    }
    fn request_new_game(&mut self) {
        self.notify(Notification::RequestNewGame);
    }
    fn request_input(&mut self, kinds: u32) {
        self.notify(Notification::RequestInput(kinds));
    }
    fn choose_file(&mut self, kind: u32) {
        self.notify(Notification::ChooseFile(kind));
    }
    fn request_layout(&mut self, fill: bool) {
        self.notify(Notification::RequestLayout(fill));
    }
    fn set_cursor(&mut self, cursor: u32) {
        self.notify(Notification::SetCursor(cursor));
    }
    fn play_time(&mut self) -> u64 {
        self.clock.borrow().now()
    }
    fn data_dir(&mut self) -> Option<&str> {
        let (path, created) = self.data_dir.as_mut()?;
        if !*created {
            if let Err(e) = std::fs::create_dir_all(&*path) {
                eprintln!("game host: cannot create the game's data directory {path}: {e}");
                return None;
            }
            *created = true;
        }
        Some(path.as_str())
    }
}

/// Takes the protocol's pipes off fds 0 and 1 (to descriptors closed on
/// `exec`), then points fd 1 at stderr and fd 0 at `/dev/null`, so that
/// what the game prints or reads never touches them.
#[cfg(unix)]
fn protocol_pipes() -> std::io::Result<(File, File)> {
    use rustix::io::fcntl_dupfd_cloexec;
    let input = fcntl_dupfd_cloexec(std::io::stdin(), 3)?;
    let output = fcntl_dupfd_cloexec(std::io::stdout(), 3)?;
    rustix::stdio::dup2_stdout(std::io::stderr())?;
    rustix::stdio::dup2_stdin(File::open("/dev/null")?)?;
    Ok((File::from(input), File::from(output)))
}

/// The descriptor of `file` (for [`crate::init::start_game`], which closes
/// it where the game does not run).
#[cfg(unix)]
fn raw_fd(file: &File) -> i32 {
    std::os::fd::AsRawFd::as_raw_fd(file)
}

#[cfg(not(unix))]
fn raw_fd(_file: &File) -> i32 {
    -1
}

#[cfg(not(unix))]
fn protocol_pipes() -> std::io::Result<(File, File)> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        "game processes are only supported on Unix systems",
    ))
}
