//! A game process's namespaces, seen from outside: no network, its own
//! IPC, user, host name and pids, and none of its processes outliving it.

use super::{PATIENCE, start};
#[cfg(target_os = "linux")]
use crate::support::descendants;
use game_host::{Call, ExitCause, Options, Sandbox};
use std::time::{Duration, Instant};

/// The names of the network interfaces in `/proc/<pid>/net/dev` (the
/// network namespace of process `pid`).
fn interfaces_of(pid: &str) -> Vec<String> {
    std::fs::read_to_string(format!("/proc/{pid}/net/dev"))
        .unwrap()
        .lines()
        .skip(2)
        .filter_map(|l| l.split(':').next())
        .map(|name| name.trim().to_owned())
        .collect()
}

/// The namespace `kind` (`net`, `ipc`, ...) process `pid` is in.
fn namespace_of(pid: &str, kind: &str) -> std::path::PathBuf {
    std::fs::read_link(format!("/proc/{pid}/ns/{kind}")).unwrap()
}

/// A game process has namespaces of its own (issue 26): seen from outside
/// (as the kernel tells this test, whatever the game's own system calls may
/// do), its network has no interface but a loopback that is down, and its
/// IPC, user and host name are its own; the player is still the player in
/// it, and the host name is not the computer's. Unsandboxed, the process
/// shares the console's.
#[test]
fn a_game_process_has_no_network_and_namespaces_of_its_own() {
    let data = tempfile::tempdir().unwrap();
    let options = |sandbox| Options {
        sandbox,
        data_dir: Some(data.path().to_owned()),
        ..Options::default()
    };
    let open = start("sandbox_probe", options(false));
    let open_pid = open.pid().to_string();
    for kind in ["net", "ipc", "user", "uts"] {
        assert_eq!(namespace_of(&open_pid, kind), namespace_of("self", kind));
    }
    open.invoke_action("hostname", "").unwrap();
    let computer = open.status().unwrap();
    open.invoke_action("interfaces", "").unwrap();
    let ours = interfaces_of("self").join(" ");
    assert_eq!(open.status().unwrap(), format!("interfaces: {ours}"));

    let game = start("sandbox_probe", options(true));
    match game.sandbox() {
        Some(Sandbox::Enforced(layers) | Sandbox::Partial(layers)) => {
            if let Err(why) = &layers.namespaces {
                eprintln!("SKIPPED: this system gives games no namespaces: {why}");
                return;
            }
        }
        other => {
            eprintln!("SKIPPED: the game process is {other:?}: no namespaces to see");
            return;
        }
    }
    let pid = game.pid().to_string();
    assert_eq!(interfaces_of(&pid), ["lo"]);
    // No address at all, not even 127.0.0.1: the loopback is down.
    let addresses = std::fs::read_to_string(format!("/proc/{pid}/net/fib_trie")).unwrap();
    assert_eq!(addresses.trim(), "", "{addresses}");
    for kind in ["net", "ipc", "user", "uts"] {
        assert_ne!(
            namespace_of(&pid, kind),
            namespace_of("self", kind),
            "{kind}"
        );
    }
    // SAFETY: geteuid reads this process's credentials.
    let player = unsafe { libc::geteuid() };
    game.invoke_action("uid", "").unwrap();
    assert_eq!(game.status().unwrap(), format!("uid: {player}"));
    game.invoke_action("hostname", "").unwrap();
    assert_eq!(game.status().unwrap(), "hostname: plt-game", "{computer}");
    // From inside, the interfaces are out of reach anyway: Landlock keeps
    // `/proc` closed, the system-call filter refuses the socket.
    game.invoke_action("interfaces", "").unwrap();
    let said = game.status().unwrap();
    assert!(
        said.starts_with("interfaces: refused (Permission denied"),
        "{said}"
    );
    game.invoke_action("if-nameindex", "").unwrap();
    let said = game.status().unwrap();
    assert!(
        said.starts_with("if-nameindex: refused (Operation not permitted"),
        "{said}"
    );
}

/// Waits until none of `pids` is left (the deadline only turns a process
/// that never goes into a failure with a message).
fn wait_gone(pids: &[u32], what: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left: Vec<&u32> = pids
            .iter()
            .filter(|pid| std::fs::metadata(format!("/proc/{pid}")).is_ok())
            .collect();
        if left.is_empty() {
            return;
        }
        assert!(Instant::now() < deadline, "{what}: {left:?} still there");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A game has its own pids (issue 26): it is pid 2, under a stand-in init
/// (pid 1) in a PID namespace of its own, so the console's pid and every
/// other process are nothing to it; the process the console started waits
/// for them, and when the game is closed or stopped, none of the three is
/// left. Unsandboxed, the game is the process the console started.
#[test]
fn a_game_has_its_own_pids_and_none_of_its_processes_outlives_it() {
    let data = tempfile::tempdir().unwrap();
    let options = |sandbox| Options {
        sandbox,
        data_dir: Some(data.path().to_owned()),
        ..Options::default()
    };
    let open = start("sandbox_probe", options(false));
    open.invoke_action("pids", "").unwrap();
    assert_eq!(
        open.status().unwrap(),
        format!("pids: {} {}", open.pid(), std::process::id())
    );
    assert_eq!(descendants(open.pid()), [0u32; 0]);

    for stop in [false, true] {
        let game = start("sandbox_probe", options(true));
        match game.sandbox() {
            Some(Sandbox::Enforced(layers) | Sandbox::Partial(layers)) => {
                match &layers.namespaces {
                    Ok(namespaces) if namespaces.pid => {}
                    Ok(namespaces) => {
                        eprintln!(
                            "SKIPPED: this system gives games no PID namespace: {}",
                            namespaces.pid_missing().unwrap_or_default()
                        );
                        return;
                    }
                    Err(why) => {
                        eprintln!("SKIPPED: this system gives games no namespaces: {why}");
                        return;
                    }
                }
            }
            other => {
                eprintln!("SKIPPED: the game process is {other:?}: no namespaces to see");
                return;
            }
        }
        game.invoke_action("pids", "").unwrap();
        assert_eq!(game.status().unwrap(), "pids: 2 1");
        // Seen from here: the process started, its init, the game.
        let pid = game.pid();
        let chain = descendants(pid);
        assert_eq!(chain.len(), 2, "its init and the game: {chain:?}");
        let pid_for_children = namespace_of(&pid.to_string(), "pid_for_children");
        assert_ne!(pid_for_children, namespace_of("self", "pid"));
        for inside in &chain {
            assert_eq!(namespace_of(&inside.to_string(), "pid"), pid_for_children);
        }
        let report = if stop {
            game.stop();
            game.wait_exit(PATIENCE).expect("stopped")
        } else {
            game.call(Call::Close).unwrap();
            game.wait_exit(PATIENCE).expect("closed")
        };
        let expected = if stop {
            ExitCause::Stopped
        } else {
            ExitCause::Closed
        };
        assert_eq!(report.cause, expected, "{report:?}");
        let mut all = chain.clone();
        all.push(pid);
        wait_gone(&all, if stop { "stopped" } else { "closed" });
    }
}
