//! The command line: parse the arguments, run the command, print. Every user error ends here:
//! one line on stderr and exit status 2.

use clap::Parser;
use holodice::command::{self, Cli, Command, Files};
use holodice::swtcg::cards::Cards;
use holodice::Error;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::Path;

/// Runs the command line; returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => match command::usage_message(&e) {
            Some(message) => return fail(&format!("{message}; see 'holodice --help'")),
            None => e.exit(),
        },
    };
    if let Command::Serve(a) = &cli.command {
        return match holodice::server::run(a, &LocalFiles) {
            Ok(()) => 0,
            Err(e) => fail(&e.to_string()),
        };
    }
    let answer = match command::execute(&cli.command, Cards::builtin(), &LocalFiles) {
        Ok(answer) => answer,
        Err(e) => return fail(&e.to_string()),
    };
    if let Some((path, svg)) = &answer.plot {
        if let Err(e) = write_plot(path, svg) {
            return fail(&e.to_string());
        }
    }
    let mut out = std::io::stdout().lock();
    match out
        .write_all(answer.body.as_bytes())
        .and_then(|()| out.flush())
    {
        // Only `check` exits with 1: its samples were rejected.
        Ok(()) => i32::from(answer.rejected),
        // The reader stopped reading (`| head`): nothing is wrong.
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

/// The files the command line names; "-" is standard input.
struct LocalFiles;

impl Files for LocalFiles {
    fn read(&self, flag: &str, path: &Path) -> Result<String, Error> {
        let cannot = |e: std::io::Error| {
            Error::File(format!("cannot read {}: {e}", self.describe(flag, path)))
        };
        if path == Path::new("-") {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(cannot)?;
            return Ok(text);
        }
        std::fs::read_to_string(path).map_err(cannot)
    }
}

/// Writes an SVG chart whole or not at all: to a temporary file beside it, then renamed.
fn write_plot(path: &Path, svg: &str) -> Result<(), Error> {
    let fail =
        |e: std::io::Error| Error::File(format!("cannot write --plot {}: {e}", path.display()));
    let name = path
        .file_name()
        .ok_or_else(|| Error::File(format!("--plot {}: give a file name", path.display())))?;
    let temp = path.with_file_name(format!(".{}.partial", name.to_string_lossy()));
    let written = std::fs::File::create(&temp)
        .and_then(|mut f| f.write_all(svg.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(fail(e));
    }
    Ok(())
}
