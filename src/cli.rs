//! The command line: parse the arguments, run the command, print. Every user error ends here:
//! one line on stderr and exit status 2.

use clap::error::ErrorKind;
use clap::Parser;
use holodice::command::{self, Cli, Command, Files, LegionCommand, SwtcgCommand};
use holodice::error::Error;
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::Path;

/// Runs the command line; returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    ignore_file_size_signal();
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let words: Vec<String> = args
                .iter()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            return fail(&command::missing_subcommand(&words));
        }
        Err(e) => match command::usage_message(&e) {
            Some(message) => return fail(&format!("{message}; see 'holodice --help'")),
            // --help and --version: printed as any output is, write failures included.
            None => return print(&e.to_string(), 0),
        },
    };
    let files = LocalFiles::default();
    if let Command::Serve(a) = &cli.command {
        return match holodice::server::run(a, &files) {
            Ok(()) => 0,
            Err(e) => fail(&command::message(&e)),
        };
    }
    // Only a query that names a card ('@Name'), lists the cards or meets them all (matchups, an
    // army list) reads a game's built-in cards: reading them is most of a small query's start.
    let names_cards = args.iter().any(|a| a.to_string_lossy().contains('@'));
    let no_cards = Cards::default();
    let cards = match &cli.command {
        Command::Legion(_) | Command::Table(_) => &no_cards,
        Command::Swtcg(SwtcgCommand::Cards(_) | SwtcgCommand::Coverage(_)) => Cards::builtin(),
        _ if names_cards => Cards::builtin(),
        _ => &no_cards,
    };
    let no_legion_cards = LegionCards::default();
    let legion_cards = match &cli.command {
        Command::Legion(
            LegionCommand::Units(_) | LegionCommand::Matchups(_) | LegionCommand::Army(_),
        ) => LegionCards::builtin(),
        Command::Swtcg(_) => &no_legion_cards,
        _ if names_cards => LegionCards::builtin(),
        _ => &no_legion_cards,
    };
    let answer = match command::execute(cli.command, cards, legion_cards, &files) {
        Ok(answer) => answer,
        Err(e) => return fail(&command::message(&e)),
    };
    if let Some((path, svg)) = &answer.plot {
        if let Err(e) = write_plot(path, svg, &files.read.borrow()) {
            return fail(&command::message(&e));
        }
    }
    // Only `check` exits with 1: its samples were rejected.
    print(&answer.body, i32::from(answer.rejected))
}

/// Prints `text` and gives `status`; a reader that stopped reading (`| head`) is no error, any
/// other write failure is one line and status 2.
fn print(text: &str, status: i32) -> i32 {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => status,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => fail(&format!("cannot write the output: {e}")),
    }
}

/// Prints the one-line error and gives exit status 2.
fn fail(message: &str) -> i32 {
    let _ = writeln!(
        std::io::stderr(),
        "holodice: error: {}",
        command::one_line(message)
    );
    2
}

/// The files the command line names; "-" is standard input. It remembers the files read, so
/// that no output replaces one of them.
#[derive(Default)]
struct LocalFiles {
    read: std::cell::RefCell<Vec<std::path::PathBuf>>,
}

impl Files for LocalFiles {
    fn open(&self, flag: &str, path: &Path) -> Result<Box<dyn BufRead + '_>, Error> {
        if path == Path::new("-") {
            return Ok(Box::new(std::io::stdin().lock()));
        }
        // Opening a FIFO with no writer would wait for one forever (an endless file, such as a
        // device, stops at the option's size limit).
        if is_fifo(path) {
            return Err(Error::File(format!(
                "{} is a FIFO, which may never be written to: give a file, or - for standard \
                 input",
                self.describe(flag, path)
            )));
        }
        let file = std::fs::File::open(path)
            .map_err(|e| Error::File(format!("cannot read {}: {e}", self.describe(flag, path))))?;
        self.read.borrow_mut().push(path.to_path_buf());
        Ok(Box::new(std::io::BufReader::new(file)))
    }
}

/// Writes an SVG chart whole or not at all: to a temporary file beside it, created anew under
/// a name no other run picks (never one that exists, so never through a planted symlink), then
/// renamed. A target that exists must be a regular file, not a symlink, device or FIFO, and
/// not a file the command read (`inputs`).
fn write_plot(path: &Path, svg: &str, inputs: &[std::path::PathBuf]) -> Result<(), Error> {
    let fail =
        |e: std::io::Error| Error::File(format!("cannot write --plot {}: {e}", path.display()));
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_file() {
            return Err(Error::File(format!(
                "--plot {}: it exists and is not a regular file (a symlink, directory, device or \
                 FIFO), so it is left alone; give a new file name",
                path.display()
            )));
        }
        let target = std::fs::canonicalize(path).ok();
        let same = |input: &std::path::PathBuf| std::fs::canonicalize(input).ok() == target;
        if target.is_some() && inputs.iter().any(same) {
            return Err(Error::File(format!(
                "--plot {}: it is a file this command read, so it is left alone; give another \
                 file name",
                path.display()
            )));
        }
    }
    let name = path
        .file_name()
        .ok_or_else(|| Error::File(format!("--plot {}: give a file name", path.display())))?;
    let (mut file, temp) = temporary(path, &name.to_string_lossy()).map_err(fail)?;
    let written = file
        .write_all(svg.as_bytes())
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(fail(e));
    }
    Ok(())
}

/// A new file beside `path`, `.NAME.PID-TIME-N.partial`, created only if nothing has that
/// name, so that concurrent runs and planted links never share one.
fn temporary(path: &Path, name: &str) -> std::io::Result<(std::fs::File, std::path::PathBuf)> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut last = None;
    for n in 0..100 {
        let temp = path.with_file_name(format!(
            ".{name}.{}-{nanos}-{n}.partial",
            std::process::id()
        ));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((file, temp)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// Past a file-size limit (`ulimit -f`) a write then fails, and is reported (a chart's temporary
/// file removed), rather than the signal killing the process midway.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" runs no code of ours in a handler.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Whether `path` is a named pipe.
fn is_fifo(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}
