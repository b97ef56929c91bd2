//! What the sandbox keeps from a game: the player's files, other
//! directories, a file's metadata, the system (sockets, limits, other
//! processes), the network; and the limits of its own on file sizes,
//! threads, open files and its data directory's quota. Each checked with
//! the sandbox probe, unsandboxed as the control.

use super::{PATIENCE, start};
use game_host::sandbox::FULL_LANDLOCK;
use game_host::{GameProcess, Options, Sandbox};
use launcher_tests::library;
use std::path::Path;
use std::time::{Duration, Instant};

/// The sandbox probe with the data directory `data`, sandboxed or not, and
/// what it says after `control` with `value`.
fn probe(sandbox: bool, data: &Path, control: &str, value: &str) -> Option<String> {
    let options = Options {
        sandbox,
        data_dir: Some(data.to_owned()),
        ..Options::default()
    };
    let game = start("sandbox_probe", options);
    match game.sandbox() {
        Some(Sandbox::Enforced(_)) if sandbox => {}
        // Landlock and seccomp tested where only the namespaces are refused.
        Some(Sandbox::Partial(layers))
            if sandbox
                && layers
                    .landlock
                    .as_ref()
                    .is_ok_and(|abi| *abi >= FULL_LANDLOCK)
                && layers.seccomp.is_ok() =>
        {
            eprintln!(
                "(this system gives games no namespaces: {})",
                layers.missing().join("; ")
            )
        }
        Some(Sandbox::Off) if !sandbox => {}
        Some(other) => {
            // Said, not hidden: this machine cannot show the sandbox works.
            eprintln!(
                "SKIPPED: the game process is {other}; the sandbox tests need a Linux kernel with Landlock (ABI 6 or later, Linux 6.12), seccomp and user namespaces"
            );
            return None;
        }
        None => panic!("started but no sandbox state"),
    }
    game.invoke_action(control, value).unwrap();
    Some(game.status().unwrap())
}

#[test]
fn the_sandbox_keeps_a_game_from_the_players_files() {
    let home = tempfile::tempdir().unwrap();
    let secret = home.path().join("secret.txt");
    std::fs::write(&secret, "the player's").unwrap();
    let secret = secret.to_str().unwrap();
    let data = home.path().join("data");
    // Unsandboxed, the file is there to read: what follows is the sandbox.
    assert_eq!(probe(false, &data, "read", secret).unwrap(), "read: ok");
    let Some(said) = probe(true, &data, "read", secret) else {
        return;
    };
    // Not there at all in a root of the game's own (issue 41), else refused.
    assert!(
        said.starts_with("read: refused (No such file or directory")
            || said.starts_with("read: refused (Permission denied"),
        "{said}"
    );
    // Its own directory it may read (its library is there).
    let own = library("sandbox_probe");
    assert_eq!(
        probe(true, &data, "read", own.to_str().unwrap()).unwrap(),
        "read: ok"
    );
}

#[test]
fn the_sandbox_lets_a_game_write_only_its_data_directory() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let outside = home.path().join("outside.txt");
    let outside_text = outside.to_str().unwrap();
    let Some(said) = probe(true, &data, "write", outside_text) else {
        return;
    };
    assert!(
        said.starts_with("write: refused (Permission denied"),
        "{said}"
    );
    assert!(!outside.exists());
    assert_eq!(probe(true, &data, "data", "").unwrap(), "data: ok");
    assert_eq!(std::fs::read(data.join("probe.txt")).unwrap(), b"mine");
    // Written from the game's user namespace, the file is the player's.
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid reads this process's credentials.
    let player = unsafe { libc::geteuid() };
    for made in [data.clone(), data.join("probe.txt")] {
        assert_eq!(std::fs::metadata(&made).unwrap().uid(), player, "{made:?}");
    }
    // Unsandboxed it could have written there.
    assert_eq!(
        probe(false, &data, "write", outside_text).unwrap(),
        "write: ok"
    );
    assert!(outside.exists());
}

/// No file a game writes grows past `MAX_FILE_BYTES` (256 MiB): the write
/// fails with "File too large", which the game sees and survives (issue 26:
/// a game filled its data directory with gigabytes). A limit of the game
/// process, with or without the sandbox.
#[test]
fn a_file_a_game_writes_stops_at_the_file_size_limit() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    for sandbox in [true, false] {
        let Some(said) = probe(sandbox, &data, "big-file", "") else {
            return;
        };
        assert!(
            said.starts_with("big-file: refused (File too large"),
            "{said}"
        );
        assert!(!data.join("big.bin").exists(), "the probe removed it");
    }
    // Issue 41, attack 5: space given without the length growing, past the
    // limit, is refused by the sandbox (allowed without it).
    let Some(said) = probe(true, &data, "fallocate", "") else {
        return;
    };
    assert!(
        said.starts_with("fallocate: refused (Operation not permitted"),
        "{said}"
    );
}

/// The attacks of a hostile game on the sandbox itself (issue 26): local
/// sockets by path (the X server, D-Bus), UDP, limits, priorities and
/// processors of the console and of every process of the player, probing
/// which pids exist, new processes, programs. Each is refused with an error
/// the game sees; the console (here, this test) is untouched; threads
/// still start.
#[test]
fn a_hostile_game_gets_nothing_from_the_system() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let socket_path = dir.path().join("bus");
    let listener = std::os::unix::net::UnixListener::bind(&socket_path).unwrap();
    listener.set_nonblocking(true).unwrap();
    let udp = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    udp.set_nonblocking(true).unwrap();
    let udp_address = udp.local_addr().unwrap().to_string();
    let socket_text = socket_path.to_str().unwrap();
    // Unsandboxed, the harmless attacks work: what follows is the sandbox.
    assert_eq!(
        probe(false, &data, "unix", socket_text).unwrap(),
        "unix: ok"
    );
    assert!(listener.accept().is_ok(), "the unsandboxed probe connected");
    assert_eq!(probe(false, &data, "udp", &udp_address).unwrap(), "udp: ok");
    assert!(udp.recv(&mut [0; 64]).is_ok(), "the datagram arrived");

    // SAFETY: getpriority of this process reads nothing but its numbers.
    let our_priority = || unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    let priority = our_priority();
    let own_pid = std::process::id().to_string();
    for (control, value) in [
        ("unix", socket_text),
        ("udp", udp_address.as_str()),
        ("parent-cpu", ""),
        ("parent-nice", ""),
        ("user-nice", ""),
        ("parent-affinity", ""),
        ("pid-exists", own_pid.as_str()),
        ("fork", ""),
        ("exec", "/bin/true"),
    ] {
        let Some(said) = probe(true, &data, control, value) else {
            return;
        };
        assert!(
            said.starts_with(&format!("{control}: refused (Operation not permitted")),
            "{said}"
        );
    }
    assert!(listener.accept().is_err(), "nothing connected to the bus");
    assert!(udp.recv(&mut [0; 64]).is_err(), "no datagram left the game");
    assert_eq!(
        our_priority(),
        priority,
        "the console's priority is its own"
    );
    // SAFETY: getrlimit into a valid struct.
    let mut cpu = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_CPU, &mut cpu) }, 0);
    assert_eq!(
        cpu.rlim_cur,
        libc::RLIM_INFINITY,
        "the console has all its CPU time"
    );
    assert_eq!(probe(true, &data, "thread", "").unwrap(), "thread: ok");
}

/// Issue 41, attack 2: Landlock does not cover a file's metadata, and the
/// system-call filter allowed `fchmodat`, `fchmod` and `utimensat`: one
/// click set `~/.ssh/id_rsa` to 666 with a 1970 time stamp, and the
/// console's own files to 000. Every change of a file's metadata is now
/// refused with "Operation not permitted", by path and by descriptor
/// (mode, times, owner, extended attributes), outside its data directory
/// and inside it (the filter cannot tell where a file is); the player's
/// file keeps its mode and time. Unsandboxed, the probe's changes work
/// (the control).
#[test]
fn a_game_changes_no_files_metadata() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let private = |name: &str| {
        let path = home.path().join(name);
        std::fs::write(&path, "-----BEGIN OPENSSH PRIVATE KEY-----\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        path
    };
    let facts = |path: &Path| {
        let meta = std::fs::metadata(path).unwrap();
        (meta.mode() & 0o7777, meta.mtime())
    };
    let control = private("control");
    let text = |path: &Path| path.to_str().unwrap().to_owned();
    assert_eq!(
        probe(false, &data, "chmod", &text(&control)).unwrap(),
        "chmod: ok"
    );
    assert_eq!(
        probe(false, &data, "utimes", &text(&control)).unwrap(),
        "utimes: ok"
    );
    assert_eq!(
        facts(&control),
        (0o666, 0),
        "unsandboxed, the probe changed them"
    );

    let key = private("id_rsa");
    let before = facts(&key);
    for attack in ["chmod", "utimes", "chown", "xattr"] {
        let Some(said) = probe(true, &data, attack, &text(&key)) else {
            return;
        };
        assert!(
            said.starts_with(&format!("{attack}: refused (Operation not permitted")),
            "{said}"
        );
    }
    assert_eq!(
        facts(&key),
        before,
        "the player's key keeps its mode and time"
    );
    // Its own file, by path and through a descriptor it may open.
    assert_eq!(probe(true, &data, "data", "").unwrap(), "data: ok");
    let own = data.join("probe.txt");
    let own_before = facts(&own);
    for attack in ["chmod", "fchmod", "utimes", "futimes"] {
        let said = probe(true, &data, attack, &text(&own)).unwrap();
        assert!(
            said.starts_with(&format!("{attack}: refused (Operation not permitted")),
            "{said}"
        );
    }
    assert_eq!(facts(&own), own_before);
}

/// Issue 41, attack 2's rest: Landlock governs reading, writing and
/// listing, not a file's metadata, so `stat`, `access` and `readlink` of a
/// path a game named said whether `~/.ssh/id_rsa` exists, its size and
/// its time. The game now runs in a root of its own (a mount namespace
/// made by its init, `game_host::mounts`) that holds only what Landlock
/// lets it read and its data directory: the player's key, and a link to
/// it, are not there ("No such file or directory", as for a file that does
/// not exist), while its own files and the system's libraries are.
/// Unsandboxed, the probe sees them (the control). Skipped, saying why,
/// where the kernel gives games no root of their own.
#[test]
fn a_game_learns_nothing_of_the_players_files() {
    let home = tempfile::tempdir().unwrap();
    let ssh = home.path().join(".ssh");
    std::fs::create_dir(&ssh).unwrap();
    let key = ssh.join("id_rsa");
    std::fs::write(&key, "-----BEGIN OPENSSH PRIVATE KEY-----\n").unwrap();
    let link = home.path().join("key-link");
    std::os::unix::fs::symlink(&key, &link).unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let key_text = key.to_str().unwrap();
    let link_text = link.to_str().unwrap();
    let said = |game: &GameProcess, control: &str, value: &str| {
        game.invoke_action(control, value).unwrap();
        game.status().unwrap()
    };
    let options = |sandbox| Options {
        sandbox,
        data_dir: Some(data.clone()),
        ..Options::default()
    };
    let open = start("sandbox_probe", options(false));
    assert!(
        said(&open, "stat", key_text).starts_with("stat: 36 bytes, changed at "),
        "unsandboxed, the probe sees the key"
    );
    assert_eq!(said(&open, "access", key_text), "access: there");
    assert_eq!(
        said(&open, "readlink", link_text),
        format!("readlink: {key_text}")
    );

    let game = start("sandbox_probe", options(true));
    match game.sandbox() {
        Some(Sandbox::Enforced(layers) | Sandbox::Partial(layers)) => match &layers.namespaces {
            Ok(namespaces) if namespaces.mount.is_ok() => {}
            Ok(namespaces) => {
                eprintln!(
                    "SKIPPED: this system gives games no root of their own: {}",
                    namespaces.mount_missing().unwrap_or_default()
                );
                return;
            }
            Err(why) => {
                eprintln!("SKIPPED: this system gives games no namespaces: {why}");
                return;
            }
        },
        other => {
            eprintln!("SKIPPED: the game process is {other:?}: no root of its own to see");
            return;
        }
    }
    for (control, value) in [
        ("stat", key_text),
        ("access", key_text),
        ("stat", ssh.to_str().unwrap()),
        ("readlink", link_text),
        ("stat", "/etc/passwd"),
    ] {
        let seen = said(&game, control, value);
        assert!(
            seen.starts_with(&format!("{control}: refused (No such file or directory")),
            "{control} {value}: {seen}"
        );
    }
    // What is the game's own is there: its data, its library, the system's
    // libraries.
    assert_eq!(said(&game, "data", ""), "data: ok");
    let own = data.join("probe.txt");
    assert!(
        said(&game, "stat", own.to_str().unwrap()).starts_with("stat: 4 bytes"),
        "its own file"
    );
    let library = library("sandbox_probe");
    assert!(said(&game, "stat", library.to_str().unwrap()).starts_with("stat: "));
    assert_eq!(said(&game, "access", "/dev/null"), "access: there");
    assert_eq!(said(&game, "thread", ""), "thread: ok");
}

/// Issue 41, attack 6: a game started 30,000 threads in 6 s (1.1 GB of
/// the kernel's memory, outside its memory limit) and had the console's
/// limit on open files. A game now has fewer than `MAX_TASKS` threads and
/// processes (its PID namespace's `pid_max`; `RLIMIT_NPROC` of its user
/// namespace, which does not bind root, as these tests run), and at most
/// `MAX_OPEN_FILES` open files: the next thread or file is refused, which
/// the game sees, and it plays on; the system's `pid_max` is untouched.
#[test]
fn a_game_has_limits_of_its_own_on_threads_and_open_files() {
    use launcher::game_host::sandbox::{MAX_OPEN_FILES, MAX_TASKS};
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let count = |said: &str, control: &str, done: &str| -> usize {
        let rest = said
            .strip_prefix(&format!("{control}: refused ("))
            .unwrap_or_else(|| panic!("{said}"));
        let (n, _) = rest
            .split_once(&format!(" {done}, then "))
            .unwrap_or_else(|| panic!("{said}"));
        n.parse().unwrap()
    };
    let Some(said) = probe(true, &data, "threads", "30000") else {
        return;
    };
    let threads = count(&said, "threads", "started");
    // Its process and its stand-in init hold pids too; pids reused after
    // they wrap come from 300 up, so a long game has fewer.
    assert!(
        threads < MAX_TASKS as usize && threads + 8 >= MAX_TASKS as usize,
        "{said}"
    );
    let pid_max = || std::fs::read_to_string("/proc/sys/kernel/pid_max").unwrap();
    assert_ne!(
        pid_max().trim(),
        MAX_TASKS.to_string(),
        "the system's pid_max is its own"
    );
    assert!(said.contains("Resource temporarily unavailable"), "{said}");
    let said = probe(true, &data, "files", "100000").unwrap();
    let files = count(&said, "files", "opened");
    assert!(
        files < MAX_OPEN_FILES as usize && files + 32 >= MAX_OPEN_FILES as usize,
        "{said}"
    );
    assert!(said.contains("Too many open files"), "{said}");
    // It still starts a thread once those are gone.
    assert_eq!(probe(true, &data, "thread", "").unwrap(), "thread: ok");
}

/// Issue 41, attack 5's rest, under the sandbox: the file size limit was
/// what was left of the quota, and a write fails at a position past it,
/// so a game with 6 MiB of an 8 MiB quota in one file could not rewrite
/// that file's last KiB in place, nor add a byte to it. Now it can; a new
/// file stops at the longest file's length plus what was left ("File too
/// large"); and once the watch measures the directory over its quota, no
/// write goes through.
#[test]
fn a_game_past_what_is_left_of_its_quota_writes_its_files_until_the_quota() {
    use launcher::game_host::usage::{CpuLimit, DiskLimit, UsageWatch};
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("game-launcher/data/sandbox-probe");
    let options = Options {
        data_dir: Some(data.clone()),
        ..Options::default()
    };
    let game = start("sandbox_probe", options);
    if !matches!(
        game.sandbox(),
        Some(Sandbox::Enforced(_) | Sandbox::Partial(_))
    ) {
        eprintln!("SKIPPED: the game process is not sandboxed here");
        return;
    }
    let act = |control: &str, value: &str| {
        game.invoke_action(control, value).unwrap();
        game.status().unwrap()
    };
    assert_eq!(act("grow", "6144"), "grow: ok");
    let quota = DiskLimit {
        bytes: 8 << 20,
        files: 100,
        every: Duration::from_millis(50),
    };
    let watch = UsageWatch::start(
        game.pid(),
        CpuLimit::default(),
        Some((data.clone(), quota)),
        None,
    )
    .expect("the game process is watched");
    let until = |what: &str, done: &dyn Fn() -> bool| {
        let deadline = Instant::now() + PATIENCE;
        while !done() {
            assert!(Instant::now() < deadline, "{what} never came");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    until("a measure of the 6 MiB", &|| {
        watch.disk().is_some_and(|d| d.bytes >= 6 << 20)
    });
    assert_eq!(act("rewrite", ""), "rewrite: ok");
    assert_eq!(act("grow", "1"), "grow: ok");
    let said = act("new-file", "65536");
    assert!(
        said.starts_with("new-file: refused (File too large"),
        "{said}"
    );
    let new = std::fs::metadata(data.join("new.bin")).unwrap().len();
    assert!(new <= 8 << 20, "{new} bytes: past 6 MiB and the 2 MiB left");
    until("the quota passed, measured", &|| {
        watch.disk().is_some_and(|d| d.over_limit())
    });
    let said = act("grow", "1");
    assert!(said.starts_with("grow: refused (File too large"), "{said}");
    assert_eq!(
        std::fs::metadata(data.join("grown.bin")).unwrap().len(),
        6145 * 1024
    );
}

#[test]
fn the_sandbox_keeps_a_game_off_the_network() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let data = tempfile::tempdir().unwrap();
    assert_eq!(
        probe(false, data.path(), "connect", &address).unwrap(),
        "connect: ok"
    );
    let Some(said) = probe(true, data.path(), "connect", &address) else {
        return;
    };
    // The system-call filter refuses the socket before Landlock would
    // refuse the connection.
    assert!(
        said.starts_with("connect: refused (Operation not permitted"),
        "{said}"
    );
}
