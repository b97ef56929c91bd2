//! The PID namespace's chain, on the real kernel (issue 26: "its own pids
//! only, and every descendant dies with the game"): this test program runs
//! itself as a game process P (`--as-game <case>`), which enters the
//! game's namespaces and forks its stand-in init A and the game B
//! ([`game_host::init::start_game`]); B then plays `<case>`:
//!
//! * B is pid 2 under pid 1, and P ends exactly as B did: an exit code,
//!   a segmentation fault, an abort, a SIGKILL;
//! * a grandchild B started (in a session of its own, as a hostile game's
//!   would be) dies with B, and with P when P is killed from outside.
//!
//! Its own `main` (no test harness): P must be single-threaded to enter a
//! user namespace, and the harness runs tests in threads. Skipped, saying
//! why, where the kernel refuses PID namespaces.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::ExitStatusExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--as-game") {
        as_game(&args[at + 1]);
    }
    if args.iter().any(|a| a == "--as-console") {
        as_console();
    }
    match game_host::namespaces::probe() {
        Ok(namespaces) if namespaces.pid => {}
        Ok(namespaces) => {
            println!(
                "SKIPPED: no PID namespace for games here ({}); these tests need one",
                namespaces.pid_missing().unwrap_or_default()
            );
            return;
        }
        Err(why) => {
            println!("SKIPPED: no namespaces for games here ({why}); these tests need them");
            return;
        }
    }
    // Orphans of the chain come to this process, which collects them: a
    // process gone is gone, not a zombie of someone else's.
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER and a flag.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1) };
    let filter: Vec<&String> = args[1..].iter().filter(|a| !a.starts_with('-')).collect();
    let tests: [(&str, fn()); 8] = [
        (
            "the_game_is_pid_2_under_its_init",
            the_game_is_pid_2_under_its_init,
        ),
        ("an_exit_code_is_relayed", an_exit_code_is_relayed),
        ("a_segfault_is_relayed", a_segfault_is_relayed),
        ("an_abort_is_relayed", an_abort_is_relayed),
        ("a_sigkill_is_relayed", a_sigkill_is_relayed),
        (
            "a_grandchild_dies_with_the_game",
            a_grandchild_dies_with_the_game,
        ),
        (
            "killing_the_game_process_from_outside_ends_them_all",
            killing_the_game_process_from_outside_ends_them_all,
        ),
        (
            "a_console_killed_leaves_no_process_of_its_game",
            a_console_killed_leaves_no_process_of_its_game,
        ),
    ];
    let mut failed = Vec::new();
    let mut ran = 0;
    for (name, test) in tests {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        ran += 1;
        let result = std::panic::catch_unwind(test);
        println!(
            "test {name} ... {}",
            if result.is_ok() { "ok" } else { "FAILED" }
        );
        if result.is_err() {
            failed.push(name);
        }
    }
    println!(
        "\ntest result: {}. {} passed; {} failed",
        if failed.is_empty() { "ok" } else { "FAILED" },
        ran - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        std::process::exit(101);
    }
}

/// P: enters the namespaces, starts the chain, and in B plays `case`.
fn as_game(case: &str) -> ! {
    let namespaces = game_host::sandbox::enter_game_namespaces().expect("namespaces");
    assert!(namespaces.pid, "{namespaces:?}");
    // SAFETY: getppid reads a number.
    let console = unsafe { libc::getppid() } as u32;
    let _root = game_host::init::start_game(Some(console), &[], None).expect("the chain");
    // B, the game, from here.
    // SAFETY: both read numbers.
    let (pid, parent) = unsafe { (libc::getpid(), libc::getppid()) };
    let mut out = std::io::stdout();
    writeln!(out, "pids {pid} {parent}").unwrap();
    out.flush().unwrap();
    match case {
        "exit-3" => std::process::exit(3),
        // SAFETY: none: a write through a null pointer, on purpose.
        "segfault" => unsafe { std::ptr::null_mut::<u8>().write_volatile(1) },
        "abort" => std::process::abort(),
        // SAFETY: raise sends the game itself a signal.
        "sigkill" => unsafe {
            libc::raise(libc::SIGKILL);
        },
        "grandchild" => {
            // SAFETY: B is single-threaded; the child only makes system
            // calls.
            let child = unsafe { libc::fork() };
            if child == 0 {
                // SAFETY: plain system calls: a session of its own, then
                // sleep until killed.
                unsafe {
                    libc::setsid();
                    loop {
                        libc::pause();
                    }
                }
            }
            writeln!(out, "grandchild {child}").unwrap();
            out.flush().unwrap();
            // Until the driver closes stdin.
            let _ = std::io::stdin().read_line(&mut String::new());
            std::process::exit(0)
        }
        other => panic!("no case {other}"),
    }
    unreachable!("{case} returned")
}

/// A console: starts a game process with a grandchild (its stdin this
/// process's), prints `chain <P> <A> <B> <grandchild>` and waits to be
/// killed.
fn as_console() -> ! {
    let mut game = Command::new(std::env::current_exe().unwrap())
        .args(["--as-game", "grandchild"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let (chain, _out) = chain_with_grandchild(&mut game);
    let pids: Vec<String> = std::iter::once(game.id())
        .chain(chain)
        .map(|p| p.to_string())
        .collect();
    println!("chain {}", pids.join(" "));
    loop {
        // SAFETY: waits for a signal.
        unsafe { libc::pause() };
    }
}

/// Runs this program as a game process playing `case`.
fn game(case: &str) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args(["--as-game", case])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The next line the game printed.
fn line(reader: &mut impl BufRead) -> String {
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    line.trim().to_owned()
}

/// Every descendant of `pid`, from `/proc/<pid>/task/<tid>/children`,
/// parents first.
fn descendants(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    let mut next = vec![pid];
    while let Some(pid) = next.pop() {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let children =
                std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            for child in children.split_whitespace().filter_map(|c| c.parse().ok()) {
                found.push(child);
                next.push(child);
            }
        }
    }
    found
}

/// Waits until no process of `pids` is left, collecting the orphans that
/// come to this process. The deadline only turns a process that never
/// goes into a failure with a message.
fn wait_gone(pids: &[u32], what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        // SAFETY: collects ended children of this process, without waiting.
        while unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) } > 0 {}
        let left: Vec<&u32> = pids
            .iter()
            .filter(|pid| std::fs::metadata(format!("/proc/{pid}")).is_ok())
            .collect();
        if left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: processes {left:?} still there after 30 s"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Runs `case` to its end: what the game printed first, and how P ended.
fn ended(case: &str) -> (String, std::process::ExitStatus) {
    let mut game = game(case);
    let mut out = BufReader::new(game.stdout.take().unwrap());
    let first = line(&mut out);
    (first, game.wait().unwrap())
}

fn the_game_is_pid_2_under_its_init() {
    let (first, status) = ended("exit-3");
    assert_eq!(first, "pids 2 1");
    assert_eq!(status.code(), Some(3));
}

fn an_exit_code_is_relayed() {
    let (_, status) = ended("exit-3");
    assert_eq!((status.code(), status.signal()), (Some(3), None));
}

fn a_segfault_is_relayed() {
    let (_, status) = ended("segfault");
    assert_eq!(
        (status.code(), status.signal()),
        (None, Some(libc::SIGSEGV))
    );
    assert!(!status.core_dumped(), "P makes no core file of its own");
}

fn an_abort_is_relayed() {
    let (_, status) = ended("abort");
    assert_eq!(status.signal(), Some(libc::SIGABRT));
}

fn a_sigkill_is_relayed() {
    let (_, status) = ended("sigkill");
    assert_eq!(status.signal(), Some(libc::SIGKILL));
}

/// The game (B) and its grandchild, in a session of its own, as seen from
/// here: `[A, B, grandchild]`.
fn chain_with_grandchild(game: &mut Child) -> (Vec<u32>, BufReader<std::process::ChildStdout>) {
    let mut out = BufReader::new(game.stdout.take().unwrap());
    assert_eq!(line(&mut out), "pids 2 1");
    // Its own pids: the grandchild is pid 3 there.
    assert_eq!(line(&mut out), "grandchild 3");
    let chain = descendants(game.id());
    assert_eq!(chain.len(), 3, "A, B and the grandchild: {chain:?}");
    (chain, out)
}

fn a_grandchild_dies_with_the_game() {
    let mut game = game("grandchild");
    let (chain, _out) = chain_with_grandchild(&mut game);
    // The game ends (normally): its grandchild goes with it.
    drop(game.stdin.take());
    assert_eq!(game.wait().unwrap().code(), Some(0));
    wait_gone(&chain, "the game ended");
}

/// P killed alone: its init goes with it, and so the game and its
/// grandchild. The game's stdin stays open (the game sees nothing end: only
/// the init's `PR_SET_PDEATHSIG` and the namespace end it).
fn killing_the_game_process_from_outside_ends_them_all() {
    let mut game = game("grandchild");
    let stdin = game.stdin.take();
    let (chain, _out) = chain_with_grandchild(&mut game);
    game.kill().unwrap();
    assert_eq!(game.wait().unwrap().signal(), Some(libc::SIGKILL));
    wait_gone(&chain, "P was killed");
    drop(stdin);
}

/// The console SIGKILLed (no chance to stop its games): its game process
/// ends with it, and with that its init, the game and the game's
/// grandchild. The game's stdin stays open here, so the game itself sees
/// nothing end: only the chain of `PR_SET_PDEATHSIG` ends it.
fn a_console_killed_leaves_no_process_of_its_game() {
    let mut console = Command::new(std::env::current_exe().unwrap())
        .arg("--as-console")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Kept open until the end (`Child::wait` would close it).
    let stdin = console.stdin.take();
    let mut out = BufReader::new(console.stdout.take().unwrap());
    let said = line(&mut out);
    let chain: Vec<u32> = said
        .strip_prefix("chain ")
        .unwrap_or_else(|| panic!("{said}"))
        .split_whitespace()
        .map(|p| p.parse().unwrap())
        .collect();
    assert_eq!(chain.len(), 4, "P, A, B, the grandchild: {chain:?}");
    console.kill().unwrap();
    console.wait().unwrap();
    wait_gone(&chain, "the console was killed");
    drop(stdin);
}
