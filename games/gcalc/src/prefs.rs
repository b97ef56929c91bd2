//! The preferences: the original's (evaluate on application, depth limit,
//! drawing cutoff, split arguments, colours as functions) and this
//! version's own (the step limit that stops a runaway, and how fast the
//! steps are shown). They are kept in `settings.txt` in the game's data
//! directory ([`game_api::Host::data_dir`]):
//!
//! ```text
//! evaluate-on-application yes
//! depth 18
//! cutoff 8
//! split-args no
//! colour-ops no
//! step-limit 1000
//! speed fast
//! ```
//!
//! The file is read and written by [`game_api::settings`]: unknown lines
//! are kept as they were, values not offered are ignored, and a missing or
//! damaged file gives the defaults: a preference is never worth an error.

use std::path::Path;

use game_api::settings::SettingsFile;
use std::time::Duration;

use crate::eval::Settings;

/// The depth limits offered (`None`: off). The original's default is 18.
pub const DEPTHS: [Option<u32>; 7] = [
    None,
    Some(6),
    Some(12),
    Some(18),
    Some(30),
    Some(50),
    Some(100),
];

/// The drawing cutoffs offered, in pixels. The original's default is 8;
/// nothing finer than 4 is offered, so that a frame of forty finely divided
/// cubes stays within what the launcher draws.
pub const CUTOFFS: [u32; 4] = [4, 8, 16, 32];

/// The step limits offered.
pub const STEP_LIMITS: [usize; 4] = [100, 1_000, 10_000, 100_000];

/// How fast an evaluation's steps are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// One step every quarter of a second.
    StepByStep,
    /// Twenty steps every 40 milliseconds.
    Fast,
    /// As many steps as a frame allows (2,000), every frame.
    AtOnce,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 3] = [Speed::StepByStep, Speed::Fast, Speed::AtOnce];

    /// The name the Speed choice shows.
    pub fn label(self) -> &'static str {
        match self {
            Speed::StepByStep => "Step by step",
            Speed::Fast => "Fast",
            Speed::AtOnce => "At once",
        }
    }

    /// Steps taken on one tick: a budget that keeps each frame short, so
    /// the window never freezes.
    pub fn steps_per_tick(self) -> usize {
        match self {
            Speed::StepByStep => 1,
            Speed::Fast => 20,
            Speed::AtOnce => 2_000,
        }
    }

    /// Time between ticks.
    pub fn interval(self) -> Duration {
        match self {
            Speed::StepByStep => Duration::from_millis(250),
            Speed::Fast => Duration::from_millis(40),
            Speed::AtOnce => Duration::from_millis(16),
        }
    }

    fn word(self) -> &'static str {
        match self {
            Speed::StepByStep => "step-by-step",
            Speed::Fast => "fast",
            Speed::AtOnce => "at-once",
        }
    }
}

/// Every preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// "Evaluate immediately on application": a drop on an application
    /// cell evaluates the main cell at once.
    pub eval_now: bool,
    /// What the evaluator is told (depth limit, split arguments, colours
    /// as functions).
    pub settings: Settings,
    /// "Cutoff evaluation when smaller": pieces narrower than this many
    /// pixels are not divided when drawn.
    pub cutoff: u32,
    /// The most steps one evaluation takes.
    pub step_limit: usize,
    /// How fast the steps are shown.
    pub speed: Speed,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            eval_now: true,
            settings: Settings::default(),
            cutoff: 8,
            step_limit: 1_000,
            speed: Speed::Fast,
        }
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

impl Prefs {
    /// The preferences written in `text`.
    ///
    /// ```
    /// use gcalc::prefs::{Prefs, Speed};
    /// let p = Prefs::parse("depth off\nspeed at-once\nstep-limit 10000\nwhat is this\n");
    /// assert_eq!((p.settings.depth, p.speed, p.step_limit), (None, Speed::AtOnce, 10_000));
    /// assert_eq!(Prefs::parse(&p.to_text()), p);
    /// assert_eq!(Prefs::parse("step-limit 7\ncutoff 9"), Prefs::default());
    /// ```
    pub fn parse(text: &str) -> Prefs {
        Prefs::read(&SettingsFile::parse(text))
    }

    /// The preferences `file` holds, each missing or damaged one at its
    /// default.
    pub fn read(file: &SettingsFile) -> Prefs {
        let mut p = Prefs::default();
        let flag = |key: &str| match file.get(key) {
            Some("yes") => Some(true),
            Some("no") => Some(false),
            _ => None,
        };
        p.eval_now = flag("evaluate-on-application").unwrap_or(p.eval_now);
        p.settings.split_args = flag("split-args").unwrap_or(p.settings.split_args);
        p.settings.colour_ops = flag("colour-ops").unwrap_or(p.settings.colour_ops);
        let depth = match file.get("depth") {
            Some("off") => Some(None),
            Some(value) => value.parse().ok().map(Some),
            None => None,
        };
        if let Some(d) = depth.filter(|d| DEPTHS.contains(d)) {
            p.settings.depth = d;
        }
        if let Some(c) = file.get_parsed("cutoff").filter(|c| CUTOFFS.contains(c)) {
            p.cutoff = c;
        }
        if let Some(s) = file
            .get_parsed("step-limit")
            .filter(|s| STEP_LIMITS.contains(s))
        {
            p.step_limit = s;
        }
        if let Some(value) = file.get("speed")
            && let Some(s) = Speed::ALL.into_iter().find(|s| s.word() == value)
        {
            p.speed = s;
        }
        p
    }

    /// Writes the preferences into `file`.
    pub fn write(&self, file: &mut SettingsFile) {
        file.set("evaluate-on-application", yes_no(self.eval_now));
        file.set(
            "depth",
            self.settings
                .depth
                .map_or("off".to_string(), |d| d.to_string()),
        );
        file.set("cutoff", self.cutoff);
        file.set("split-args", yes_no(self.settings.split_args));
        file.set("colour-ops", yes_no(self.settings.colour_ops));
        file.set("step-limit", self.step_limit);
        file.set("speed", self.speed.word());
    }

    /// The text form.
    pub fn to_text(&self) -> String {
        let mut file = SettingsFile::new();
        self.write(&mut file);
        file.to_text()
    }

    /// The preferences kept in `dir`, or the defaults.
    pub fn load(dir: Option<&Path>) -> Prefs {
        Prefs::read(&SettingsFile::load(dir))
    }

    /// Keeps them in `dir`, with the file's other lines (quietly: a
    /// preference not kept is no error).
    pub fn store(&self, dir: Option<&Path>) {
        if let Some(d) = dir {
            let _ = SettingsFile::update(d, |file| self.write(file));
        }
    }
}

/// How a depth limit is shown in the Depth limit choice.
pub fn depth_label(depth: Option<u32>) -> String {
    depth.map_or("Off".to_string(), |d| d.to_string())
}
