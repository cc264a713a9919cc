//! The loader tests every -sys crate runs, made from its description and its generated list
//! of functions: one copy for all of them.

/// In a -sys crate's `loader` module: `#[cfg(all(test, cuda_reach = "loaded"))] mod tests {
/// cuda_loader::loader_tests!(); }`. Each scenario runs in its own process, with the crate's
/// variable set:
///
/// - no library (an absolute path where none is): every function answers the description's
///   "not loaded" code (a function returning no code, its stand-in) and `explain` gives the
///   load error, naming the path and the variable;
/// - a library without any of the functions (libc, kernel32): every function answers the
///   "symbol missing" code and `explain` names the very symbol the call lacked, and the name C
///   calls it by; once the record is cleared, the code is no longer the loader's;
/// - a relative path in the variable: refused, never looked up from the working directory.
///
/// More scenarios of the crate's own, `("name", function)`, join these.
// `crate::` is the calling -sys crate, on purpose: its bindings and its LOADER.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! loader_tests {
    ($(($name:literal, $body:path)),* $(,)?) => {
        use ::std::path::{Path, PathBuf};
        use $crate::child::{dispatch, Child};

        const SCENARIOS: &[(&str, fn())] =
            &[
                ("no_library", no_library),
                ("wrong_library", wrong_library),
                ("relative", relative),
                ("sibling_no_library", sibling_no_library),
                ("loaded_or_refused", loaded_or_refused),
                $(($name, $body)),*
            ];

        #[test]
        #[ignore = "a scenario body: the other tests of this module run it in a child process"]
        fn scenario() {
            dispatch(SCENARIOS);
        }

        /// Scenario `name`, with the crate's variable set to `library`.
        fn child(name: &str, library: impl AsRef<::std::ffi::OsStr>) -> String {
            let path = module_path!().split_once("::").expect("a crate's module").1;
            let exe = std::env::current_exe().expect("the test binary's path");
            Child::of(&exe, &format!("{path}::scenario"), name).env(crate::bindings::LOADER.library().variable, library).run()
        }

        fn file() -> &'static str {
            crate::bindings::LOADER.file()
        }

        /// An absolute path that cannot be loaded, on this system.
        fn nowhere() -> PathBuf {
            let root = if cfg!(windows) { r"C:\nonexistent" } else { "/nonexistent" };
            Path::new(root).join(file())
        }

        /// The result code type is C's: a `u32` with the header's names, its success 0 and
        /// named as the description says, every code it knows sorted and named, and a code the
        /// header does not know printed with its number.
        #[test]
        fn the_result_codes_are_a_transparent_u32_with_the_headers_names() {
            use crate::bindings::Code;
            let library = crate::bindings::LOADER.library();
            assert_eq!(std::mem::size_of::<Code>(), 4);
            assert_eq!(u32::from(<Code as $crate::ResultCode>::SUCCESS), 0);
            assert_eq!(<Code as $crate::ResultCode>::SUCCESS.name(), Some(library.codes.success));
            assert_eq!(format!("{:?}", <Code as $crate::ResultCode>::SUCCESS), library.codes.success);
            let known: Vec<Code> = Code::known().collect();
            assert!(known.len() > 5, "{} codes", known.len());
            assert!(known.windows(2).all(|w| u32::from(w[0]) < u32::from(w[1])), "sorted, no duplicates");
            assert!(known.iter().all(|c| c.name().is_some()));
            for (code, name) in [(crate::bindings::LOADER.not_loaded(), library.codes.not_loaded),
                (crate::bindings::LOADER.symbol_missing(), library.codes.symbol_missing)] {
                assert_eq!(Code::from(code).name(), Some(name));
            }
            let type_name = library.codes.type_name.trim_end_matches("_t");
            assert_eq!(format!("{:?}", Code::from(987_654)), format!("{type_name}(987654)"));
        }

        /// A library that words no code itself has a sentence in its description for
        /// every code its header has, one for each. (Its table words every release's codes, which
        /// differ between releases: that it has none for a code no release has is `cargo xtask
        /// vendor`'s to check, which generates them all.)
        #[test]
        fn every_code_has_a_sentence_where_the_description_words_them() {
            use crate::bindings::Code;
            let $crate::ErrorText::Table(table) = crate::bindings::LOADER.library().codes.text else { return };
            for code in Code::known() {
                let name = code.name().unwrap();
                assert!(table.iter().any(|(n, text)| *n == name && !text.is_empty()), "no sentence for {name}");
            }
            for (i, (name, _)) in table.iter().enumerate() {
                assert!(!table[i + 1..].iter().any(|(n, _)| n == name), "two sentences for {name}");
            }
        }

        /// Where the description refuses a library older than the header (`refuses_older`): a
        /// fake answering one less than the header's version is refused when loaded, with both
        /// versions as the library writes them, and one answering the header's is taken.
        #[test]
        fn an_older_library_is_refused_where_the_description_says_so() {
            let loader = &crate::bindings::LOADER;
            let function = loader.library().version_function;
            if !function.refuses_older || cfg!(windows) {
                return;
            }
            let (scheme, header) = loader.answered_version();
            let fake = |version: u32| fake_answering("older", version, 0);
            // The newest version older than the header's that a release can say (CUDA's step
            // is 10, where a library answers the CUDA version its driver supports).
            let below = (1..=10).map(|d| header - d).find(|v| scheme.plausible(i64::from(*v))).expect("an older version");
            let (older, same) = (fake(below), fake(header));
            let refused = child("loaded_or_refused", &older);
            let loaded = child("loaded_or_refused", &same);
            for library in [&older, &same] {
                let _ = std::fs::remove_dir_all(library.parent().expect("a folder of its own"));
            }
            // (Bindings of a major's first release: one less is of another major, refused as such.)
            let why = if function.refuses_other_major && scheme.major(below) != scheme.major(header) {
                "another major than"
            } else {
                "older than"
            };
            let expected = format!(
                "{}, {why} the {} these bindings come from ({})",
                scheme.text(below),
                loader.library().header,
                scheme.text(header)
            );
            assert!(refused.contains("refused: ") && refused.contains(&expected), "{refused}");
            assert!(loaded.contains(&format!("loaded: {}", same.display())), "{loaded}");
        }

        /// A fake of the crate's library whose version function answers `version` (in the terms
        /// of [`Loader::answered_version`]), or fails with the code `result` where that is not 0
        /// and its call returns a code, with its parts beside it (where the description has
        /// parts), in a folder of its own for each `test` (which removes it when done).
        fn fake_answering(test: &str, version: u32, result: u32) -> PathBuf {
            let loader = &crate::bindings::LOADER;
            let function = loader.library().version_function;
            let source = match function.call {
                $crate::VersionCall::Single => format!(
                    "int {}(int *v) {{ if ({result}) return {result}; *v = {version}; return 0; }}\n",
                    function.name
                ),
                // The version as major * 1000 + minor * 100 + patch, a property at a time.
                $crate::VersionCall::Property => format!(
                    "int {}(int p, int *v) {{ if ({result}) return {result}; \
                     *v = p == 0 ? {} : p == 1 ? {} : {}; return 0; }}\n",
                    function.name,
                    version / 1000,
                    version % 1000 / 100,
                    version % 100
                ),
                $crate::VersionCall::Returned => {
                    format!("#include <stddef.h>\nsize_t {}(void) {{ return {version}; }}\n", function.name)
                }
                $crate::VersionCall::Int => format!("int {}(void) {{ return {version}; }}\n", function.name),
                // `{ int major, minor, build; }`: the major and minor of a library's own version (the
                // build that follows is no patch).
                $crate::VersionCall::StructPointer => format!(
                    "typedef struct {{ int major, minor, build; }} V;\n\
                     static const V v = {{ {}, {}, 0 }};\nconst V *{}(void) {{ return &v; }}\n",
                    version / 1000,
                    version % 1000 / 100,
                    function.name
                ),
                // A CUDA version as its major and minor (12999, one less than 13.0, says
                // 12.99).
                $crate::VersionCall::MajorMinor => format!(
                    "int {}(unsigned *major, unsigned *minor) {{ if ({result}) return {result}; \
                     *major = {}; *minor = {}; return 0; }}\n",
                    function.name,
                    version / 1000,
                    version % 1000 / 10
                ),
            };
            let source = format!("/* {test} */\n{source}");
            let library = $crate::child::fake_library(file(), &source);
            // Its parts beside it, of its release (where the description has parts).
            let (_, header) = loader.answered_version();
            $crate::child::fake_parts(loader.library(), loader.library().major(header), &library, &source);
            library
        }

        /// One rule for every library (issue 41, item 15): a version function that fails (returns
        /// a code instead of the version) when the library is loaded refuses it, with a sentence
        /// naming the call and the code. (A function that returns the version itself cannot
        /// fail.)
        #[test]
        fn a_version_call_that_fails_refuses_the_library() {
            use crate::bindings::Code;
            let loader = &crate::bindings::LOADER;
            let function = loader.library().version_function;
            if cfg!(windows) || matches!(
                function.call,
                $crate::VersionCall::Returned | $crate::VersionCall::Int | $crate::VersionCall::StructPointer
            ) {
                return;
            }
            // A failure, not the "not loaded" code (which a driver's stub answers everything with)
            // nor one by which a working library says the system lacks something (`unavailable`).
            let code = Code::known()
                .find(|c| {
                    u32::from(*c) != 0
                        && u32::from(*c) != loader.not_loaded()
                        && !function.unavailable.contains(&c.name().unwrap_or_default())
                })
                .expect("a code for a failure");
            let (_, header) = loader.answered_version();
            let library = fake_answering("fails", header, u32::from(code));
            let out = child("loaded_or_refused", &library);
            let _ = std::fs::remove_dir_all(library.parent().expect("a folder of its own"));
            let expected = format!("its {} returned {}", function.name, code.name().unwrap());
            assert!(out.contains("refused: ") && out.contains(&expected), "{out}");
            assert!(out.contains(&library.display().to_string()), "{out}");
        }

        /// Issue 41, item 3: the library found through a relative `LD_LIBRARY_PATH` (the folder's
        /// name from the folder above, `.` from the folder) is loaded, with its parts where the
        /// description has them (a front's were refused: "the dynamic loader does not say which
        /// folder it is in"), and its path is the absolute one of the file the dynamic loader
        /// opened (`RTLD_DI_ORIGIN`).
        #[test]
        fn a_library_found_through_a_relative_search_path_loads_from_the_folder_it_is_in() {
            let loader = &crate::bindings::LOADER;
            // A toolkit's folder the build found, holding the library, is searched first.
            if cfg!(windows) || loader.toolkit_dirs().iter().any(|dir| dir.join(file()).is_file()) {
                return;
            }
            let (_, header) = loader.answered_version();
            let library = fake_answering("relative", header, 0);
            let lib = library.parent().expect("a folder of its own");
            let above = lib.parent().expect("the temporary folder");
            let path = module_path!().split_once("::").expect("a crate's module").1;
            let exe = std::env::current_exe().expect("the test binary's path");
            let expected = format!("loaded: {}\n", std::fs::canonicalize(&library).expect("the fake").display());
            for (cwd, search) in [(above, Path::new(lib.file_name().expect("a name"))), (lib, Path::new("."))] {
                let out = Child::of(&exe, &format!("{path}::scenario"), "loaded_or_refused")
                    .env("LD_LIBRARY_PATH", search)
                    .current_dir(cwd)
                    .run();
                assert!(out.contains(&expected), "LD_LIBRARY_PATH={}: {out}", search.display());
            }
            let _ = std::fs::remove_dir_all(lib);
        }

        fn loaded_or_refused() {
            match crate::bindings::LOADER.library_path() {
                Ok(path) => println!("loaded: {}", path.display()),
                Err(why) => println!("refused: {why}"),
            }
        }

        /// Each function's symbol is listed once.
        #[test]
        fn every_symbol_is_listed_once() {
            let mut unique = crate::bindings::SYMBOLS.to_vec();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), crate::bindings::SYMBOLS.len(), "a symbol listed twice");
        }

        #[test]
        fn symbols_follow_the_renames() {
            #[cfg(cuda_every_function)]
            assert_eq!(crate::bindings::SYMBOLS.len(), crate::TESTED_FUNCTIONS.len());
            for (api, symbol) in crate::bindings::RENAMES.iter().chain(crate::bindings::PTDS_RENAMES) {
                assert!(crate::bindings::SYMBOLS.contains(symbol), "{api} -> {symbol}, which is no symbol here");
            }
            // A name the header renames by default is C's, not a symbol (with the per-thread
            // default stream, a symbol may be renamed: `cudaEventRecord_ptsz`).
            for (api, _) in crate::bindings::RENAMES {
                assert!(!crate::bindings::SYMBOLS.contains(api), "{api}: a C name, not a symbol");
            }
        }

        /// The tested functions (see `TESTED_FUNCTIONS`), and every symbol by name.
        #[test]
        fn every_function_answers_without_a_library() {
            let out = child("no_library", nowhere());
            assert!(out.contains(&format!("called {} functions", crate::TESTED_FUNCTIONS.len())), "{out}");
        }

        fn no_library() {
            let library = crate::bindings::LOADER.library();
            let (mut codes, mut unreached) = (0, 0);
            for &(name, call) in crate::TESTED_FUNCTIONS {
                $crate::clear_last_failure();
                let Some(code) = call() else {
                    unreached += answered_unreached(name, &crate::bindings::LOADER);
                    continue;
                };
                assert_eq!(code, crate::bindings::LOADER.not_loaded(), "{name}");
                let why = crate::bindings::LOADER.explain(code).unwrap_or_else(|| panic!("{name}: no explanation"));
                assert!(why.contains("could not be loaded"), "{why}");
                // What cuda-checked's errors say: the header's name, and the loader's reason.
                let (described, message) = crate::bindings::LOADER.describe(code);
                assert_eq!(described, library.codes.not_loaded, "{name}");
                assert!(message.ends_with(&why), "{name}: {message}");
                assert!(why.contains(&nowhere().display().to_string()), "{why}");
                assert!(why.contains(library.variable), "{why}");
                codes += 1;
            }
            assert_eq!(codes + unreached, crate::TESTED_FUNCTIONS.len(), "a function answered nothing");
            // (The smallest API bound with codes, a linker's, has 13 functions; a library's core
            // may have one, which returns a pointer.)
            #[cfg(cuda_every_function)]
            assert!(codes > 10 || unreached > 0, "only {codes} functions answered with a code");
            // Every symbol, as each function's body asks for it.
            for &name in crate::bindings::SYMBOLS {
                $crate::clear_last_failure();
                let code = crate::bindings::LOADER.resolve(symbol_of(name)).expect_err(name);
                assert_eq!(code, crate::bindings::LOADER.not_loaded(), "{name}");
                let why = crate::bindings::LOADER.explain(code).unwrap_or_else(|| panic!("{name}: no explanation"));
                assert!(why.contains("could not be loaded"), "{name}: {why}");
            }
            assert_eq!(crate::bindings::LOADER.library_path().unwrap_err().attempts()[0].0, nowhere());
            println!("called {} functions", crate::TESTED_FUNCTIONS.len());
        }

        /// `name` as the symbol a function's body looks up (NUL-terminated, for the test's life).
        fn symbol_of(name: &str) -> &'static ::std::ffi::CStr {
            Box::leak(::std::ffi::CString::new(name).expect("a symbol has no NUL").into_boxed_c_str())
        }

        /// The tested functions (see `TESTED_FUNCTIONS`), and every symbol by name.
        #[test]
        fn every_function_names_its_symbol_from_a_library_without_it() {
            let out = child("wrong_library", $crate::some_other_library());
            assert!(out.contains(&format!("called {} functions", crate::TESTED_FUNCTIONS.len())), "{out}");
        }

        fn wrong_library() {
            let library = crate::bindings::LOADER.library();
            let other = $crate::some_other_library();
            assert_eq!(
                std::fs::canonicalize(crate::bindings::LOADER.library_path().unwrap()).ok(),
                std::fs::canonicalize(&other).ok()
            );
            let renames: Vec<&(&str, &str)> =
                crate::bindings::RENAMES.iter().chain(crate::bindings::PTDS_RENAMES).collect();
            // The call (or lookup) recorded exactly its own symbol.
            let recorded = |name: &str, code: u32| {
                assert_eq!(code, crate::bindings::LOADER.symbol_missing(), "{name}");
                let why = crate::bindings::LOADER.explain(code).unwrap_or_else(|| panic!("{name}: no explanation"));
                assert!(why.contains(&format!("`{name}`")), "{name}: {why}");
                assert!(why.contains(&format!("is not {}", library.a_what)), "{why}");
                if let Some((api, _)) = renames.iter().find(|(_, symbol)| *symbol == name) {
                    assert!(why.contains(&format!("(the function `{api}` stands for")), "{why}");
                }
                // Once the record is cleared (as cuda-checked does before each call), a code is
                // not the loader's: the next one could be the library's own.
                $crate::clear_last_failure();
                assert_eq!(crate::bindings::LOADER.explain(code), None, "{name}");
            };
            for &(name, call) in crate::TESTED_FUNCTIONS {
                if let Some(code) = call() {
                    recorded(name, code);
                }
            }
            // Every symbol, as each function's body asks for it.
            for &name in crate::bindings::SYMBOLS {
                recorded(name, crate::bindings::LOADER.resolve(symbol_of(name)).expect_err(name));
            }
            println!("called {} functions", crate::TESTED_FUNCTIONS.len());
        }

        /// What the variable holds in `relative_variable_is_refused`.
        fn relative_path() -> PathBuf {
            Path::new("libraries").join(file())
        }

        /// A relative path in the variable is refused, not looked up from the working directory.
        #[test]
        fn relative_variable_is_refused() {
            child("relative", relative_path());
        }

        fn relative() {
            let library = crate::bindings::LOADER.library();
            let not_loaded = crate::bindings::LOADER.not_loaded();
            // Its code, or (a function returning no code: a pointer) the loader's record of it.
            let (name, call) = crate::TESTED_FUNCTIONS.first().expect("a function");
            $crate::clear_last_failure();
            let code = call().or_else(|| $crate::last_unreached().map(|(_, code)| code));
            assert_eq!(code, Some(not_loaded), "{name}");
            let why = crate::bindings::LOADER.explain(not_loaded).unwrap();
            let shown = relative_path().display().to_string();
            assert!(why.contains(&format!("{} is the relative path `{shown}`", library.variable)), "{why}");
            assert!(why.contains(&format!("the absolute path of {}'s {}", library.what, file())), "{why}");
            assert_eq!(crate::bindings::LOADER.library_path().unwrap_err().attempts()[0].0, relative_path());
        }

        /// A crate's sibling libraries (a partner library beside the library, families beside a core):
        /// without one, each of its functions answers the "not loaded" code, its own loader (not
        /// the library's) says why, and the code is described in its words.
        #[test]
        fn every_function_of_each_sibling_answers_without_it() {
            let path = module_path!().split_once("::").expect("a crate's module").1;
            let exe = std::env::current_exe().expect("the test binary's path");
            for (index, (sibling, functions)) in crate::bindings::SIBLING_FUNCTIONS.iter().enumerate() {
                let out = Child::of(&exe, &format!("{path}::scenario"), "sibling_no_library")
                    .env(sibling.library().variable, nowhere_of(sibling.file()))
                    .env(SIBLING, index.to_string())
                    .run();
                assert!(out.contains(&format!("called {} functions", functions.len())), "{out}");
            }
        }

        /// An absolute path where `file` cannot be.
        fn nowhere_of(file: &str) -> PathBuf {
            let root = if cfg!(windows) { r"C:\nonexistent" } else { "/nonexistent" };
            Path::new(root).join(file)
        }

        /// 1 where the call `name` just made returned no code but noted that `loader`'s library
        /// could not be reached (a function returning a pointer answers null, one returning
        /// nothing does nothing), 0 where it did not.
        fn answered_unreached(name: &str, loader: &$crate::Loader) -> usize {
            match $crate::last_unreached() {
                Some((library, code)) => {
                    assert_eq!(library.variable, loader.library().variable, "{name}");
                    assert_eq!(code, loader.not_loaded(), "{name}");
                    1
                }
                None => 0,
            }
        }

        /// Which sibling `sibling_no_library` runs without.
        const SIBLING: &str = "CUDA_LOADER_TEST_SIBLING";

        fn sibling_no_library() {
            let index: usize = std::env::var(SIBLING).ok().and_then(|i| i.parse().ok()).expect("the sibling's index");
            let (sibling, functions) = crate::bindings::SIBLING_FUNCTIONS[index];
            let (mut codes, mut unreached) = (0, 0);
            for &(name, call) in functions {
                $crate::clear_last_failure();
                let Some(code) = call() else {
                    unreached += answered_unreached(name, sibling);
                    continue;
                };
                assert_eq!(code, sibling.not_loaded(), "{name}");
                let why = sibling.explain(code).unwrap_or_else(|| panic!("{name}: no reason"));
                assert!(why.contains(&format!("{} ({}) could not be loaded", sibling.library().what,
                    sibling.library().name.get(cfg!(windows)))), "{why}");
                assert!(why.contains(&nowhere_of(sibling.file()).display().to_string()), "{why}");
                assert!(why.contains(sibling.library().variable), "{why}");
                // Its failure is its own: the code is described by its loader, not the library's.
                assert!(sibling.failed_last(), "{name}: the failure was not noted");
                codes += 1;
            }
            // (A family of allocations returns pointers and nothing else: no codes.)
            assert_eq!(codes + unreached, functions.len(), "a function of {} answered nothing", sibling.library().what);
            println!("called {} functions", functions.len());
        }
    };
}
