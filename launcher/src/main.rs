//! `plt-games`: the console window, `--list` and `--play`. See `plt-games --help`.

use clap::Parser;
use launcher::catalog::{Catalog, SearchPath, executable_dir};
use launcher::check::Checker;
use launcher::cli::{Args, write_list_report};
use launcher::screenshot::Screenshot;
use launcher::{LauncherApp, LauncherConfig};
use std::time::Duration;

/// The launcher plus the command line's one-shot jobs.
struct MainApp {
    app: LauncherApp,
    screenshot: Option<Screenshot>,
}

impl eframe::App for MainApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.frame(ui);
        if let Some(screenshot) = &mut self.screenshot {
            screenshot.update(ui.ctx(), self.app.is_at_rest());
        }
    }

    fn pointer_moved_between_passes(
        &mut self,
        viewport_id: egui::ViewportId,
        pos: egui::Pos2,
    ) -> bool {
        eframe::App::pointer_moved_between_passes(&mut self.app, viewport_id, pos)
    }
}

/// The renderers tried, in order, until one opens the window. OpenGL
/// (glow) first: on Mesa's software driver (llvmpipe: VMs, remote desktops,
/// old machines) a frame costs about a third less CPU than through wgpu
/// (100 pointer moves over Chat Noir: 6.6 s against 9.5 s), and about the
/// same on a GPU; wgpu where no OpenGL context can be had.
const RENDERERS: [eframe::Renderer; 2] = [eframe::Renderer::Glow, eframe::Renderer::Wgpu];

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    if args.game_host {
        return launcher::game_process::serve();
    }
    if args.no_sandbox {
        eprintln!("{}", launcher::game_process::NO_SANDBOX_WARNING);
    }
    let mut library_dirs: Vec<_> = executable_dir().into_iter().collect();
    library_dirs.extend(args.library_dirs.iter().cloned());
    let player = launcher::player::PlayerFiles::standard();
    let processes = process_settings(&args, player.as_ref());
    let config = LauncherConfig {
        search: SearchPath::standard(&args.games_dirs),
        library_dirs,
        watch_games_dirs: true,
        processes: processes.clone(),
        player,
        // Each game is checked by this same binary in a process of its own.
        checker: std::env::current_exe().ok().map(|launcher| Checker {
            launcher,
            timeout: Duration::from_secs_f64(args.probe_timeout),
            memory_limit: processes.memory_limit,
            sandbox: processes.sandbox,
        }),
    };

    if args.install_game.is_some() || args.uninstall_game.is_some() {
        return install(&args, &config);
    }

    if args.list || args.check {
        let catalog = Catalog::scan(&config.search, &config.library_dirs);
        let checker = match &config.checker {
            Some(checker) => Some(checker.clone()),
            None => {
                let e = std::env::current_exe().err().map(|e| e.to_string());
                eprintln!(
                    "plt-games: cannot find its own executable to check games with ({})",
                    e.unwrap_or_default()
                );
                return std::process::ExitCode::from(2);
            }
        };
        let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
        // Every game's text in the report reaches the terminal escaped.
        let mut out = launcher_core::terminal::Terminal(std::io::stdout().lock());
        // Said once, first: how every game below is checked and would run
        // (which layers of the sandbox hold, and why any is missing).
        let sandbox = launcher::game_host::sandbox::on_this_system(processes.sandbox);
        {
            use std::io::Write;
            let summary = sandbox.summary(processes.memory_limit);
            if writeln!(out, "{summary}\n").is_err() {
                return std::process::ExitCode::from(2);
            }
        }
        let summary = write_list_report(
            &mut out,
            &catalog,
            checker.as_ref().filter(|_| !args.no_load),
            jobs,
        );
        return match summary {
            Ok(summary) if args.check && summary.broken > 0 => std::process::ExitCode::FAILURE,
            Ok(_) => std::process::ExitCode::SUCCESS,
            // stdout closed (`plt-games --list | head`): nothing more to say.
            Err(_) => std::process::ExitCode::from(2),
        };
    }

    // The console starts: the private copies of libraries that no running
    // launcher's game uses go.
    if let Some(copies) = &config.processes.library_copies {
        copies.clean();
    }
    let mut app = LauncherApp::new(config);
    // The console has the launcher's icon; `--play` the game's.
    let mut icon_path = None;
    // `--open FILE` or a FILE alone: the game the file names, played with
    // the file.
    let mut play = args.play.clone();
    if let Some(file) = args.saved_game() {
        match launcher_core::game_file::game_of(file) {
            Ok(dir_name) => {
                play = Some(dir_name);
                app = app.open_saved_game_on_start(file.clone());
            }
            Err(why) => {
                launcher_core::terminal::say(&format!("plt-games: {why}"));
                return std::process::ExitCode::from(2);
            }
        }
    }
    let title = match &play {
        Some(dir_name) => {
            if app.catalog().find(dir_name).is_none() {
                eprintln!(
                    "plt-games: no game directory named {dir_name:?} on the search path; `plt-games --list` shows the games found"
                );
                return std::process::ExitCode::from(2);
            }
            icon_path = app
                .catalog()
                .find(dir_name)
                .and_then(|e| Some((e.dir.clone(), e.icon.clone()?)));
            app = app.play_only(dir_name);
            dir_name.clone()
        }
        None => "PLT Games".to_string(),
    };
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(title)
        .with_app_id(launcher::APP_ID)
        .with_icon(match &icon_path {
            Some((folder, icon)) => launcher::icons::window_icon_within(folder, Some(icon)),
            None => launcher::icons::window_icon(None),
        })
        // The console then fits itself to its content (see `Console`),
        // unless the player left it at a size of their own.
        .with_inner_size([560.0, 400.0])
        .with_min_inner_size([240.0, 160.0]);
    if let Some(window) = app.console_window().filter(|_| play.is_none()) {
        viewport = viewport
            .with_inner_size([window.width, window.height])
            .with_position([window.x, window.y]);
    }
    let options = |renderer| eframe::NativeOptions {
        viewport: viewport.clone(),
        renderer,
        // egui's dithering adds noise to every pixel a shader paints, to
        // smooth gradients the launcher does not draw; on a software
        // rasteriser it was a tenth of a card drag's CPU (issue 39).
        dithering: false,
        ..Default::default()
    };
    let screenshot = args
        .screenshot
        .map(|path| Screenshot::new(path, Duration::from_secs_f64(args.screenshot_delay)));
    let play_failed = app.play_failed();
    // Taken by the first renderer that opens a window.
    let main_app = std::cell::RefCell::new(Some(MainApp { app, screenshot }));
    launcher::window_system::install();
    // A window destroyed by another program panics in winit: the app is
    // dropped on the way out (its settings saved, its games ended, each
    // saved after every move), and the launcher starts again.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut run = Ok(());
        for renderer in RENDERERS {
            run = eframe::run_native(
                launcher::APP_ID,
                options(renderer),
                Box::new(|cc| {
                    launcher::window_system::watch_connection(cc);
                    let app = main_app.borrow_mut().take();
                    Ok(Box::new(app.expect("the launcher opens one window")))
                }),
            );
            // Only a renderer that failed goes to the next: the window
            // system's own errors are said as they are.
            let renderer_failed = matches!(
                run,
                Err(eframe::Error::Glutin(_)
                    | eframe::Error::NoGlutinConfigs(..)
                    | eframe::Error::OpenGL(_))
            );
            if !renderer_failed || main_app.borrow().is_none() {
                break;
            }
        }
        run
    }));
    let run = match run {
        Ok(run) => run,
        Err(panic) => match launcher::window_system::window_system_panic() {
            Some(what) => {
                drop(panic);
                launcher::window_system::restart(&what);
                return std::process::ExitCode::FAILURE;
            }
            None => std::panic::resume_unwind(panic),
        },
    };
    match run {
        // The game of `--play` never ran, or failed: said on stderr.
        Ok(()) if play_failed.load(std::sync::atomic::Ordering::Relaxed) => {
            std::process::ExitCode::FAILURE
        }
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plt-games: cannot open a window: {e}");
            eprintln!(
                "plt-games: a window needs a display (DISPLAY or WAYLAND_DISPLAY) and, on Linux, \
                 the X11 and OpenGL libraries the README lists (libxcursor1, libxi6, \
                 libxkbcommon-x11-0, Mesa); `plt-games --list` works without any"
            );
            std::process::ExitCode::FAILURE
        }
    }
}

/// How games' processes run: the command line, else the player's
/// settings file, else the defaults (2 GiB, 2 s, sandboxed).
fn process_settings(
    args: &Args,
    player: Option<&launcher::player::PlayerFiles>,
) -> launcher::game_window::ProcessSettings {
    let settings = player
        .map(|p| launcher::player::load::<launcher::player::Settings>(&p.settings_path()).0)
        .unwrap_or_default();
    let mut processes = launcher::game_window::ProcessSettings::this_launcher();
    if let Some(mib) = args.memory_limit.or(settings.game_memory_limit_mib) {
        processes.memory_limit = (mib > 0).then(|| mib.saturating_mul(1 << 20));
    }
    if let Some(seconds) = args
        .not_responding_after
        .or(settings.not_responding_after)
        .filter(|s| s.is_finite() && (0.1..=3600.0).contains(s))
    {
        processes.answer_within = Duration::from_secs_f64(seconds);
    }
    if let Some(disk) = &mut processes.disk {
        // 0 for either turns that half of the quota off.
        if let Some(mib) = settings.game_data_quota_mib {
            disk.bytes = if mib == 0 {
                u64::MAX
            } else {
                mib.saturating_mul(1 << 20)
            };
        }
        if let Some(files) = settings.game_data_quota_files {
            disk.files = if files == 0 { u64::MAX } else { files };
        }
    }
    processes.sandbox = !args.no_sandbox;
    processes.dev = args.dev;
    processes.library_copies = launcher::library_copy::LibraryCopies::standard();
    // Tests and tools that drive a real window open each game on a known
    // deal; players get a fresh seed for every first game.
    processes.first_seed = std::env::var("GAME_LAUNCHER_FIRST_SEED")
        .ok()
        .and_then(|seed| seed.trim().parse().ok());
    processes
}

/// `--install-game` and `--uninstall-game`, in the user's games directory.
fn install(args: &Args, config: &LauncherConfig) -> std::process::ExitCode {
    let Some(games_dir) = launcher::install::user_games_dir() else {
        eprintln!(
            "plt-games: cannot tell your data directory (is HOME set?), so there is no games directory to install into"
        );
        return std::process::ExitCode::from(2);
    };
    // A game's name, files and check say what its author chose: escaped.
    let mut out = launcher_core::terminal::Terminal(std::io::stdout().lock());
    let mut err = launcher_core::terminal::Terminal(std::io::stderr().lock());
    let done = match (&args.install_game, &args.uninstall_game) {
        (Some(source), _) => {
            let Some(checker) = &config.checker else {
                eprintln!("plt-games: cannot find its own executable to check the game with");
                return std::process::ExitCode::from(2);
            };
            launcher::cli::install_game(
                &mut out,
                &mut err,
                source,
                &games_dir,
                checker,
                &config.search,
            )
        }
        (None, Some(name)) => launcher::cli::uninstall_game(&mut out, &mut err, name, &games_dir),
        (None, None) => Ok(true),
    };
    match done {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(_) => std::process::ExitCode::from(2),
    }
}
