//! The game process's sandbox on Linux: Landlock, applied before the
//! game's library is loaded, to the whole process for the rest of its life.
//!
//! A game may read its own directory (where its library is) and what a
//! process needs to run (the system's libraries and their cache, fonts, the
//! launcher's own executable for backtraces, `/dev/null` and random
//! numbers); it may read and write its data directory, created for it
//! first; it may not run programs, open TCP connections nor listen on TCP
//! ports, reach abstract Unix sockets, or signal processes outside its
//! sandbox (the console, other games). Everything else is refused by the
//! kernel: the player's files, other games' data, the network.
//!
//! Where the kernel has no Landlock, the game runs unsandboxed and says so
//! ([`Sandbox::Unavailable`]); the console tells the player once.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// How a game process is confined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sandbox {
    /// Every restriction above is enforced.
    Enforced,
    /// Only some are: the kernel's Landlock is older than the launcher's
    /// rules (for example without network rules, before Linux 6.7).
    Partial,
    /// None are: the kernel has no Landlock, or it is turned off.
    Unavailable(String),
    /// The console turned the sandbox off (`--no-sandbox`).
    Off,
}

impl std::fmt::Display for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Sandbox::Enforced => write!(f, "sandboxed"),
            Sandbox::Partial => write!(
                f,
                "partly sandboxed (this system's Landlock enforces only some of the launcher's rules)"
            ),
            Sandbox::Unavailable(why) => write!(f, "unsandboxed ({why})"),
            Sandbox::Off => write!(f, "unsandboxed (turned off with --no-sandbox)"),
        }
    }
}

/// The system's directories a game process reads to run: libraries, the
/// loader's cache, fonts, time zones, locales.
#[cfg(target_os = "linux")]
const SYSTEM_READ: &[&str] = &[
    "/lib",
    "/lib32",
    "/lib64",
    "/usr/lib",
    "/usr/lib32",
    "/usr/lib64",
    "/usr/local/lib",
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "/usr/share/zoneinfo",
    "/usr/share/locale",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/fonts",
    "/etc/localtime",
    "/dev/null",
    "/dev/zero",
    "/dev/urandom",
    "/dev/random",
];

/// Confines this process: read-only `game_dir` and the system's
/// [`SYSTEM_READ`], read-write `data_dir` (created first), no programs, no
/// TCP, no signals or abstract sockets outside. Must run before any other
/// thread starts, so that every thread is confined.
#[cfg(target_os = "linux")]
pub fn confine(game_dir: &Path, data_dir: Option<&Path>) -> Result<Sandbox, String> {
    use landlock::{
        ABI, Access, AccessFs, AccessNet, BitFlags, Ruleset, RulesetAttr, RulesetCreatedAttr,
        RulesetStatus, Scope, path_beneath_rules,
    };
    // The rules of Landlock ABI 6 (Linux 6.12): every file access, TCP,
    // and the scopes. An older kernel enforces what it knows.
    let abi = ABI::V6;
    let read: BitFlags<AccessFs> = AccessFs::ReadFile | AccessFs::ReadDir;
    if let Some(data_dir) = data_dir {
        std::fs::create_dir_all(data_dir).map_err(|e| {
            format!(
                "cannot create the game's data directory {}: {e}",
                data_dir.display()
            )
        })?;
    }
    let executable = std::env::current_exe().ok();
    let status = Ruleset::default()
        .handle_access(AccessFs::from_all(abi))
        .and_then(|r| r.handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp))
        .and_then(|r| r.scope(Scope::AbstractUnixSocket | Scope::Signal))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(SYSTEM_READ, read)))
        .and_then(|r| r.add_rules(path_beneath_rules([game_dir], read)))
        .and_then(|r| r.add_rules(path_beneath_rules(executable.iter(), read)))
        .and_then(|r| {
            r.add_rules(path_beneath_rules(
                data_dir.iter(),
                AccessFs::from_all(abi) & !AccessFs::Execute,
            ))
        })
        .and_then(|r| r.restrict_self())
        .map_err(|e| format!("cannot set up the sandbox: {e}"))?;
    Ok(match status.ruleset {
        RulesetStatus::FullyEnforced => Sandbox::Enforced,
        RulesetStatus::PartiallyEnforced => Sandbox::Partial,
        RulesetStatus::NotEnforced => {
            Sandbox::Unavailable("this system's kernel offers no Landlock".into())
        }
    })
}

/// Confines this process: not on this system.
#[cfg(not(target_os = "linux"))]
pub fn confine(_game_dir: &Path, _data_dir: Option<&Path>) -> Result<Sandbox, String> {
    Ok(Sandbox::Unavailable(
        "game sandboxes are only available on Linux".into(),
    ))
}
