#!/usr/bin/env python3
"""endpointgen against apple/swift-openapi-generator 1.14.3, side by side, in one run.

    python3 Benchmarks/bench.py            # the full comparison; writes Benchmarks/RESULTS.md
    python3 Benchmarks/bench.py --smoke    # a tiny run of every step, so the harness cannot rot
    python3 Benchmarks/bench.py --runtime-only   # the runtime section alone (decoding, requests)
    python3 Benchmarks/bench.py --documents-only # the real OpenAPI documents alone; rewrites their
                                                 # section of RESULTS.md

Every figure is measured for both tools in the same run; repeated measurements report the
median. Cold builds are measured once each (a clean build of the baseline takes minutes).
Wall time and peak memory (max RSS) come from /usr/bin/time."""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRATCH = os.path.join(ROOT, ".build-bench")
OPENAPI_CONFIG = "generate:\n  - types\n  - client\naccessModifier: public\n"
# The commit before the compile-time work of issue 19: its generator and runtime are built from the
# repository's history and measured beside the current ones, so "before" and "after" come from
# the same run on the same machine.
BEFORE = "e17d9c1"
# The large API: operations, models, resources (Scripts/synthesize.py --large).
LARGE = (1500, 300, 50)
# Real published OpenAPI documents (see its README), read where they are, never copied here.
DOCUMENTS = os.environ.get("ENDPOINTGEN_OPENAPI_DOCUMENTS") or os.path.join(os.path.dirname(ROOT), "shared", "openapi")
DOCUMENTS_BEGIN, DOCUMENTS_END = "<!-- real documents: begin -->", "<!-- real documents: end -->"


class BuildFailed(Exception):
    """A build that failed, with how long it ran, its peak memory until then and its error lines."""
    def __init__(self, message, seconds=None, peak=None, errors=()):
        super().__init__(message)
        self.message = message
        self.seconds = seconds
        self.peak = peak
        self.errors = list(errors)


def run(command, cwd=ROOT, env=None, check=True, status=False):
    """Runs a command under /usr/bin/time; returns (seconds, peak KB, stdout, stderr, CPU seconds),
    and the exit status after them when `status` is true."""
    # Wall time from perf_counter (/usr/bin/time resolves only 10 ms); peak memory and CPU time
    # (user + system, of the command and its children) from /usr/bin/time.
    with tempfile.NamedTemporaryFile("r", suffix=".time") as timing:
        start = time.perf_counter()
        process = subprocess.run(["/usr/bin/time", "-o", timing.name, "-f", "%M %U %S"] + command, cwd=cwd,
                                 env={**os.environ, **(env or {})}, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        fields = timing.read().split()
    if check and process.returncode != 0:
        output = (process.stdout + "\n" + process.stderr).strip()
        sys.exit(f"bench.py: failed ({process.returncode}): {' '.join(command)}\n…{output[-4000:]}")
    result = (elapsed, int(fields[-3]), process.stdout, process.stderr, float(fields[-2]) + float(fields[-1]))
    return result + (process.returncode,) if status else result


def median_run(command, runs, cwd=ROOT, before=None):
    """Medians of wall and CPU time over `runs` runs, and the highest peak memory."""
    times, peaks, cpu = [], [], []
    for _ in range(runs):
        if before:
            before()
        seconds, peak, _, _, cpu_seconds = run(command, cwd)
        times.append(seconds)
        peaks.append(peak)
        cpu.append(cpu_seconds)
    return statistics.median(times), max(peaks), statistics.median(cpu)


def interleaved_runs(commands, runs):
    """median_run for several commands that take turns, run by run: the machine's speed drifts
    over minutes (the same compile has taken 3.4 s and 7 s an hour apart), and turns spread that
    drift over all of them instead of handing it to one."""
    results = [([], [], []) for _ in commands]
    for _ in range(runs):
        for command, (times, peaks, cpu) in zip(commands, results):
            seconds, peak, _, _, cpu_seconds = run(command)
            times.append(seconds)
            peaks.append(peak)
            cpu.append(cpu_seconds)
    return [(statistics.median(times), max(peaks), statistics.median(cpu)) for times, peaks, cpu in results]


def timed(command, before):
    """Wall seconds of one run of `command`, started directly (no shell, no /usr/bin/time), after
    `before()` has run untimed."""
    before()
    start = time.perf_counter()
    process = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if process.returncode != 0:
        sys.exit(f"bench.py: failed ({process.returncode}): {' '.join(command)}\n…{process.stderr.decode()[-4000:]}")
    return elapsed


def source_stats(folder):
    lines = size = 0
    for base, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(base, name), "rb") as f:
                    data = f.read()
                lines += data.count(b"\n")
                size += len(data)
    return lines, size


def ratio_stats(rates, reference_rates):
    """The median of the per-round ratios rates[i] / reference_rates[i], and their interquartile range as text."""
    ratios = [a / b for a, b in zip(rates, reference_rates)]
    if len(ratios) < 2:
        return ratios[0], "–"
    low, _, high = statistics.quantiles(ratios, n=4)
    return statistics.median(ratios), f"{low:.3f}–{high:.3f}"


def swift_files(folder):
    return sorted(os.path.join(base, name) for base, _, files in os.walk(folder) for name in files if name.endswith(".swift"))


class Bench:
    def __init__(self, args):
        self.args = args
        self.smoke = args.smoke
        self.runs = 1 if args.smoke else args.runs
        self.configuration = "debug" if args.smoke else "release"
        self.rows = []  # (section, measure, endpointgen, baseline, ratio text, note, before, ratio to before)
        self.curves = {}  # (measure, tool) -> {operations: value}, for the charts
        self.compiled = {}  # name -> (the baseline's compile figures, the compile command), for compile_hashable
        self.work = tempfile.mkdtemp(prefix="endpointgen-bench-")
        self.documents = []  # (document, facts, rows): the real OpenAPI documents' tables
        self.package_dependencies = {}  # module package folder -> the dependency targets to build first

    def row(self, section, measure, ours, theirs, unit, lower_is_better=True, note="", before=None):
        """One line of the table. `before` is the same figure for endpointgen at BEFORE (the commit
        the compile-time work started from), measured in this run, where the bench has it."""
        def ratio_text(a, b):
            if not (a and b):
                return "–"
            ratio = b / a if lower_is_better else a / b
            return f"{ratio:.1f}× better" if ratio >= 1 else f"{1 / ratio:.1f}× worse"
        fmt = lambda v: "–" if v is None else (f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}")
        before_text = "" if before is None else f"{fmt(before)} {unit}"
        self.rows.append((section, measure, f"{fmt(ours)} {unit}", f"{fmt(theirs)} {unit}", ratio_text(ours, theirs), note,
                          before_text, ratio_text(ours, before) if before is not None else ""))
        print(f"{section:12} {measure:52} {fmt(ours):>12} {fmt(theirs):>12} {unit:6} {ratio_text(ours, theirs)} "
              f"{'' if before is None else f'(at {BEFORE}: {fmt(before)}, {ratio_text(ours, before)})'} {note}", flush=True)

    # MARK: Tools

    def build_tools(self):
        # The runtime section alone only needs the tools to generate Petstore: their debug builds do.
        configuration = "debug" if self.args.runtime_only else self.configuration
        ours_scratch = os.path.join(SCRATCH, f"endpointgen-{configuration}")
        theirs_scratch = os.path.join(SCRATCH, f"baseline-{configuration}")
        cold = not self.smoke and not self.args.runtime_only and not self.args.documents_only
        if cold:
            shutil.rmtree(ours_scratch, ignore_errors=True)
            shutil.rmtree(theirs_scratch, ignore_errors=True)
        ours = run(["swift", "build", "-c", configuration, "--product", "endpointgen", "--scratch-path", ours_scratch])
        theirs = run(["swift", "build", "-c", configuration, "--product", "swift-openapi-generator",
                      "--scratch-path", theirs_scratch], cwd=os.path.join(HERE, "Baseline"))
        self.ours_tool = os.path.join(ours_scratch, configuration, "endpointgen")
        self.theirs_tool = os.path.join(theirs_scratch, configuration, "swift-openapi-generator")
        if self.args.runtime_only or self.args.documents_only:
            return
        self.build_before()
        label = "cold build of the generator CLI" if cold else "build of the generator CLI (incremental)"
        self.row("tools", f"{label} ({configuration})", ours[0], theirs[0], "s")
        self.row("tools", "  peak memory of that build", ours[1] / 1024, theirs[1] / 1024, "MiB")

    def build_before(self):
        """The generator and runtime at BEFORE, from the repository's history (debug builds: only
        their output and its compile are measured)."""
        source = os.path.join(SCRATCH, f"{BEFORE}-src")
        if not os.path.exists(os.path.join(source, "Package.swift")):
            shutil.rmtree(source, ignore_errors=True)
            os.makedirs(source)
            archive = subprocess.run(["git", "-C", ROOT, "archive", BEFORE], capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", source], input=archive, check=True)
        scratch = os.path.join(SCRATCH, f"{BEFORE}-debug")
        run(["swift", "build", "--product", "endpointgen", "--scratch-path", scratch], cwd=source)
        run(["swift", "build", "--target", "GeneratedRuntime", "--scratch-path", scratch], cwd=source)
        self.before_source = source
        self.before_tool = os.path.join(scratch, "debug", "endpointgen")
        self.before_modules = os.path.join(scratch, "debug", "Modules")

    def generate_before(self, spec, out):
        shutil.rmtree(out, ignore_errors=True)
        run([self.before_tool, "generate", spec, "--output", out, "--layout", "compact", "--quiet"])
        return out

    # MARK: Generation

    # A generation run is the tool's process alone: the output folder is emptied before the clock
    # starts, and the tool is started directly. (Through `sh -c` and /usr/bin/time, 3 ms of every
    # run were the wrappers' own, the same for both tools, which at Petstore's size hid a third of
    # the difference.) Peak memory comes from one more run under /usr/bin/time.

    def generate_ours(self, spec, out):
        """The command and the untimed step before it."""
        return [self.ours_tool, "generate", spec, "--output", out, "--layout", "compact", "--quiet"], \
            lambda: shutil.rmtree(out, ignore_errors=True)

    def generate_theirs(self, document, out, operations=None):
        """The baseline's generation of `document`; with `operations`, of those operations only (its
        `filter` option)."""
        config = os.path.join(self.work, "openapi-generator-config.yaml" if operations is None else "openapi-generator-filtered.yaml")
        with open(config, "w") as f:
            f.write(OPENAPI_CONFIG)
            if operations is not None:
                f.write("filter:\n  operations:\n" + "".join(f"    - {json.dumps(name)}\n" for name in operations))

        def before():
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
        return [self.theirs_tool, "generate", "--config", config, "--output-directory", out, document], before

    def generate(self, command_and_before):
        command, before = command_and_before
        before()
        return run(command)

    def measure_generation(self, ours, theirs, runs):
        """Median wall seconds of each tool's generation, and its peak memory. The first run of each
        (which also leaves the output to count) is untimed; then the two tools take turns, run for
        run, so that drift of the machine weighs on both. Runs well under a second are noisy at
        the scale of a millisecond, so short generations get more runs: as many as fit in about
        ten seconds of the slower tool, up to 31."""
        peaks = self.generate(ours)[1], self.generate(theirs)[1]
        slowest = max(timed(*ours), timed(*theirs))
        if not self.smoke:
            runs = max(runs, min(31, int(10 / slowest)))
        times = ([], [])
        for _ in range(runs):
            times[0].append(timed(*ours))
            times[1].append(timed(*theirs))
        return (statistics.median(times[0]), peaks[0], runs), (statistics.median(times[1]), peaks[1], runs)

    def generation(self, name, spec, document, runs, operations=None):
        """Generates with both tools (timed) and with the generator at BEFORE (untimed, for its
        output); returns the three output folders."""
        ours_out, theirs_out = os.path.join(self.work, f"{name}-eg"), os.path.join(self.work, f"{name}-oa")
        ours, theirs = self.measure_generation(self.generate_ours(spec, ours_out), self.generate_theirs(document, theirs_out), runs)
        before_out = self.generate_before(spec, os.path.join(self.work, f"{name}-before"))
        self.row("generation", f"{name}: generation time", ours[0], theirs[0], "s",
                 note=f"median of {ours[2]} runs each, the tools taking turns" if ours[2] > self.runs else "")
        self.row("generation", f"{name}: peak memory", ours[1] / 1024, theirs[1] / 1024, "MiB")
        (ours_lines, ours_bytes), (theirs_lines, theirs_bytes) = source_stats(ours_out), source_stats(theirs_out)
        before_lines, before_bytes = source_stats(before_out)
        self.row("output", f"{name}: generated lines", ours_lines, theirs_lines, "lines", before=before_lines)
        self.row("output", f"{name}: generated bytes", ours_bytes / 1024, theirs_bytes / 1024, "KiB", before=before_bytes / 1024)
        if operations:
            for tool, value in [("endpointgen", ours[0]), ("swift-openapi-generator", theirs[0])]:
                self.curves.setdefault(("generation time (s)", tool), {})[operations] = value
            for tool, value in [("endpointgen", ours_lines), ("swift-openapi-generator", theirs_lines), (f"endpointgen at {BEFORE}", before_lines)]:
                self.curves.setdefault(("generated lines", tool), {})[operations] = value
        return ours_out, theirs_out, before_out

    def petstore_inputs(self):
        document = os.path.join(self.work, "petstore.yaml")
        with open(document, "w") as f:
            f.write(subprocess.run(["git", "-C", "/opt/swift-packages/apple/swift-openapi-generator.git", "show",
                                    "1.14.3:Tests/OpenAPIGeneratorReferenceTests/Resources/Docs/petstore.yaml"],
                                   capture_output=True, text=True, check=True).stdout)
        return os.path.join(HERE, "Specs", "petstore.endpointgen.json"), document

    def synthetic_inputs(self, n):
        document, spec = os.path.join(self.work, f"synthetic{n}.openapi.json"), os.path.join(self.work, f"synthetic{n}.json")
        subprocess.run([sys.executable, os.path.join(HERE, "Scripts", "synthesize.py"), str(n), document, spec], check=True)
        return spec, document

    # MARK: Compilation

    def runtime_modules(self):
        """Builds both runtimes (and the runtime benchmark) in the RuntimeBench package."""
        package = os.path.join(HERE, "Runtime")
        spec, document = self.petstore_inputs()
        self.generate(self.generate_ours(spec, os.path.join(package, "Sources", "EGPetstore")))
        self.generate(self.generate_theirs(document, os.path.join(package, "Sources", "OAPetstore")))
        run(["swift", "build", "--scratch-path", os.path.join(SCRATCH, "runtime-debug")], cwd=package)
        self.modules = os.path.join(SCRATCH, "runtime-debug", "debug", "Modules")

    def compile_alone(self, name, ours_out, theirs_out, before_out, runs, operations=None):
        objects = os.path.join(self.work, "objects")

        def compile_command(folder, module, modules):
            # A debug build's compile of the module as `swift build` runs it: object files, -Onone,
            # Swift 6 mode, batch mode with a job per core.
            return ["sh", "-c", f'rm -rf "{objects}" && mkdir -p "{objects}" && cd "{objects}" && exec swiftc -c -Onone '
                                f'-enable-batch-mode -j{os.cpu_count()} '
                                f'-parse-as-library -swift-version 6 -module-name {module} -I "{modules}" '
                                + " ".join(f'"{path}"' for path in swift_files(folder))]
        ours, theirs, before = interleaved_runs([compile_command(ours_out, "EG", self.modules),
                                                 compile_command(theirs_out, "OA", self.modules),
                                                 compile_command(before_out, "EG", self.before_modules)], runs)
        self.compiled[name] = theirs, compile_command
        self.row("compile", f"{name}: compile of the generated module alone (swiftc -c -Onone, batch mode, a job per core)", ours[0], theirs[0], "s", before=before[0])
        self.row("compile", f"{name}:   CPU time of that compile (user + system, all jobs)", ours[2], theirs[2], "s", before=before[2])
        self.row("compile", f"{name}:   peak memory of that compile (the largest job)", ours[1] / 1024, theirs[1] / 1024, "MiB", before=before[1] / 1024)
        if operations:
            for tool, value in [("endpointgen", ours[0]), ("swift-openapi-generator", theirs[0]), (f"endpointgen at {BEFORE}", before[0])]:
                self.curves.setdefault(("module compile time (s)", tool), {})[operations] = value
        warnings = []
        for folder, module, modules in [(ours_out, "EG", self.modules), (theirs_out, "OA", self.modules), (before_out, "EG", self.before_modules)]:
            _, _, out, err, _ = run(compile_command(folder, module, modules))
            warnings.append(len(re.findall(r": warning: ", out + err)))
        self.rows.append(("compile", f"{name}: compiler warnings in the generated module", str(warnings[0]), str(warnings[1]), "–", "", str(warnings[2]), ""))
        print(f"compile      {name}: warnings: endpointgen {warnings[0]}, baseline {warnings[1]}, at {BEFORE} {warnings[2]}", flush=True)

    def compile_hashable(self, n, runs):
        """The `n`-operation API again with `"defaults": {"hashable": true}`: models are not Hashable
        unless a spec asks, and this is what asking costs (the baseline's models are Hashable)."""
        spec, _ = self.synthetic_inputs(n)
        with open(spec) as f:
            document = json.load(f)
        document["defaults"] = {"hashable": True}
        hashable_spec = os.path.join(self.work, f"synthetic{n}-hashable.json")
        with open(hashable_spec, "w") as f:
            json.dump(document, f, indent=1)
        out = os.path.join(self.work, f"{n}-hashable-eg")
        self.generate(self.generate_ours(hashable_spec, out))
        theirs, compile_command = self.compiled[f"{n} operations"]
        ours = median_run(compile_command(out, "EG", self.modules), runs)
        self.row("compile", f"{n} operations, every model Hashable (defaults.hashable): compile of the generated module alone",
                 ours[0], theirs[0], "s")

    # MARK: The large API

    def module_package(self, name, sources, dependency):
        """A package whose one target holds the generated `sources` and depends on a runtime:
        "ours" (this repository), "before" (the repository at BEFORE) or "theirs"."""
        folder = os.path.join(self.work, name)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(sources, os.path.join(folder, "Sources", "API"))
        if dependency == "theirs":
            packages = ('.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"), '
                        '.package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0")')
            products = ('.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"), '
                        '.product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession")')
        else:
            path = ROOT if dependency == "ours" else self.before_source
            packages = f'.package(name: "endpointgen", path: "{path}")'
            products = '.product(name: "GeneratedRuntime", package: "endpointgen")'
        self.package_dependencies[folder] = ["OpenAPIRuntime", "OpenAPIURLSession"] if dependency == "theirs" else ["GeneratedRuntime"]
        with open(os.path.join(folder, "Package.swift"), "w") as f:
            f.write(f'''// swift-tools-version:6.1
import PackageDescription
let package = Package(name: "{name}", platforms: [.macOS(.v13)], dependencies: [{packages}],
    targets: [.target(name: "API", dependencies: [{products}])])
''')
        return folder

    def module_build(self, folder):
        """A debug build of the package's API module alone, as `swift build` does it (-j over the
        cores, -g, batch mode), with its dependencies already built: (seconds, peak KB, warnings,
        CPU seconds)."""
        # The dependencies first, so that the module is compiled once, timed (a fresh package: the
        # module has never been built).
        for target in self.package_dependencies.get(folder, []):
            run(["swift", "build", "--target", target], cwd=folder)
        seconds, peak, out, err, cpu, status = run(["swift", "build", "--target", "API"], cwd=folder, check=False, status=True)
        if status != 0:
            errors = re.findall(r"^\S+: error: .*$", out + err, re.M)
            raise BuildFailed(f"{len(set(errors))} errors, the first: {errors[0][:300] if errors else (out + err).strip()[-300:]}",
                              seconds, peak, sorted(set(errors)))
        return seconds, peak, len(set(re.findall(r"^(\S+: warning: .*)$", out + err, re.M))), cpu

    def large_api(self):
        """The large point: generation, output and a debug build of the module with SwiftPM, for
        both tools and for the generator at BEFORE."""
        operations, models, resources = (30, 6, 2) if self.smoke else LARGE
        name = f"large API ({operations:,} operations, {models} models, {resources} resources)"
        document, spec = os.path.join(self.work, "large.openapi.json"), os.path.join(self.work, "large.json")
        subprocess.run([sys.executable, os.path.join(HERE, "Scripts", "synthesize.py"), "--large", str(operations), str(models),
                        str(resources), document, spec], check=True)
        ours_out, theirs_out, before_out = self.generation(name, spec, document, 1)
        files = [len(swift_files(folder)) for folder in (ours_out, theirs_out, before_out)]
        self.row("output", f"{name}: generated files", files[0], files[1], "files", before=files[2])
        # Three rounds, the tools taking turns, each build in a new package (its module never built):
        # one build of the same module varies by more than the differences measured here, and once
        # in a while SwiftPM starts the second batch job late (our module took 43 s in one run and
        # 26-27 s in three by hand on the same day), so the median, as for the consumer builds.
        rounds = 1 if self.smoke else 3
        runs = {"ours": [], "theirs": [], "before": []}
        for _ in range(rounds):
            for label, sources in [("ours", ours_out), ("theirs", theirs_out), ("before", before_out)]:
                runs[label].append(self.module_build(self.module_package(f"Large-{label}", sources, label)))
        builds = {label: (statistics.median(r[0] for r in results), max(r[1] for r in results), max(r[2] for r in results),
                          statistics.median(r[3] for r in results))
                  for label, results in runs.items()}
        self.row("large", f"{name}: debug build of the generated module (swift build, dependencies built)",
                 builds["ours"][0], builds["theirs"][0], "s", before=builds["before"][0],
                 note=(f"median of {rounds} builds each, the tools taking turns: " + "; ".join(
                     f"{tool} {', '.join(f'{r[0]:.1f}' for r in runs[label])} s"
                     for label, tool in [("ours", "endpointgen"), ("theirs", "baseline"), ("before", BEFORE)])) if rounds > 1 else "")
        # CPU time does not depend on whether the module's batch jobs ran side by side: on Linux the
        # driver sometimes runs them one after the other (Benchmarks/README, "one after the other").
        self.row("large", "  CPU time of that build", builds["ours"][3], builds["theirs"][3], "s", before=builds["before"][3],
                 note=(f"median of {rounds} builds each: " + "; ".join(
                     f"{tool} {', '.join(f'{r[3]:.1f}' for r in runs[label])} s"
                     for label, tool in [("ours", "endpointgen"), ("theirs", "baseline"), ("before", BEFORE)])) if rounds > 1 else "")
        self.row("large", "  peak memory of that build (the largest job)", builds["ours"][1] / 1024, builds["theirs"][1] / 1024, "MiB",
                 before=builds["before"][1] / 1024)
        self.rows.append(("large", f"{name}: compiler warnings in that build", str(builds["ours"][2]), str(builds["theirs"][2]), "–", "",
                          str(builds["before"][2]), ""))

    # MARK: Real OpenAPI documents

    def real_documents(self):
        """Every document in DOCUMENTS: endpointgen imports it (timed), generates the spec (timed)
        and its module is built with SwiftPM; swift-openapi-generator generates from the document
        and its module is built the same way. Where the baseline fails, the table says how."""
        if not os.path.isdir(DOCUMENTS):
            print(f"documents    {DOCUMENTS} is absent: the real OpenAPI documents are not on this machine; their tables are skipped",
                  flush=True)
            return
        names = sorted(name for name in os.listdir(DOCUMENTS) if name.endswith(".json"))
        if self.args.documents:
            names = [name for name in names if name[:-len(".json")] in self.args.documents or name in self.args.documents]
        if self.smoke:
            names = [name for name in names if name == "oai-petstore-expanded.json"]
        for name in names:
            path = os.path.join(DOCUMENTS, name)
            with open(path) as f:
                document = json.load(f)
            operations = sum(1 for item in (document.get("paths") or {}).values() if isinstance(item, dict)
                             for method in ["get", "put", "post", "delete", "options", "head", "patch", "trace"] if method in item)
            schemas = len(((document.get("components") or {}).get("schemas")) or {})
            stem = name[:-len(".json")]
            spec, ours_out, theirs_out = (os.path.join(self.work, f"{stem}.spec.json"), os.path.join(self.work, f"{stem}-eg"),
                                          os.path.join(self.work, f"{stem}-oa"))
            imported = run([self.ours_tool, "import", path, "--output", spec])
            import_warnings = len(re.findall(r": warning: ", imported[3]))
            runs = 1 if self.smoke else self.runs
            import_time = statistics.median(timed([self.ours_tool, "import", path, "--output", spec, "--quiet"], lambda: None) for _ in range(runs))
            ours_generation = self.generate(self.generate_ours(spec, ours_out))
            ours_time = statistics.median(timed(*self.generate_ours(spec, ours_out)) for _ in range(runs))
            rows = []

            def row(measure, ours, theirs, unit, lower_is_better=True):
                fmt = lambda v: v if isinstance(v, str) else ("–" if v is None else (f"{v:,.0f}" if abs(v) >= 100 else f"{v:.3g}"))
                ratio = "–"
                if lower_is_better is not None and isinstance(ours, (int, float)) and isinstance(theirs, (int, float)) and ours and theirs:
                    value = theirs / ours if lower_is_better else ours / theirs
                    ratio = f"{value:.1f}× better" if value >= 1 else f"{1 / value:.1f}× worse"
                rows.append((measure, f"{fmt(ours)} {unit}".strip(), f"{fmt(theirs)} {unit}".strip(), ratio))
                print(f"documents    {stem}: {measure:44} {fmt(ours):>12} {fmt(theirs):>12} {unit:6} {ratio}", flush=True)

            # The baseline may refuse a document, or generate code that does not build: both are figures.
            theirs_document, theirs_note = self.baseline_document(path, stem, theirs_out)
            theirs_command, theirs_before = self.generate_theirs(theirs_document, theirs_out)
            theirs_before()
            theirs_generation = run(theirs_command, check=False)
            theirs_failed = None
            theirs_time = None
            if not swift_files(theirs_out):
                theirs_failed = "generation failed: " + (theirs_generation[3].strip().splitlines() or ["(no message)"])[-1][:300]
            else:
                theirs_time = statistics.median(timed(theirs_command, theirs_before) for _ in range(runs))
            theirs_generation_warnings = len(re.findall(r": warning: ", theirs_generation[3]))
            row("import time (OpenAPI → spec)", import_time, "–", "s")
            row("generation time", ours_time, theirs_time if theirs_time is not None else "fails", "s")
            row("import + generation time", import_time + ours_time, theirs_time if theirs_time is not None else "fails", "s")
            row("peak memory of generation", ours_generation[1] / 1024, theirs_generation[1] / 1024, "MiB")
            row("warnings of the import or generation", import_warnings, theirs_generation_warnings, "", lower_is_better=None)
            (ours_lines, ours_bytes), (theirs_lines, theirs_bytes) = source_stats(ours_out), source_stats(theirs_out)
            row("generated lines", ours_lines, theirs_lines if not theirs_failed else "–", "lines")
            row("generated bytes", ours_bytes / 1024, theirs_bytes / 1024 if not theirs_failed else "–", "KiB")
            ours_build = self.module_build(self.module_package(f"{stem}-ours", ours_out, "ours"))
            theirs_build, failed_build = None, None
            if not theirs_failed:
                try:
                    theirs_build = self.module_build(self.module_package(f"{stem}-theirs", theirs_out, "theirs"))
                except BuildFailed as failure:
                    theirs_failed = "its module does not build: " + failure.message
                    failed_build = failure
                    # Its module without the operations whose code fails (the baseline's `filter`),
                    # built for a compile time to compare with: endpointgen's module keeps them all.
                    subset = self.baseline_without_failing_operations(theirs_document, stem, failure, document)
                    if subset:
                        theirs_build, left_out = subset
                        theirs_failed += (f"; generated from a copy without the {len(left_out)} operations whose code fails "
                                          f"({', '.join(left_out)}), its module builds, and the build rows are for that module "
                                          "(endpointgen's has every operation)")
                        failed_build = None
            if theirs_build:
                row("debug build of the module (swift build)", ours_build[0], theirs_build[0], "s")
                # CPU time does not depend on whether the driver ran the batch jobs side by side.
                row("  CPU time of that build", ours_build[3], theirs_build[3], "s")
                row("  peak memory of that build (the largest job)", ours_build[1] / 1024, theirs_build[1] / 1024, "MiB")
            elif failed_build is not None and failed_build.seconds:
                # The failed build's time until it stopped is a lower bound of what a compile of the
                # module would take: the frontends stop at their first error, before code generation.
                row("debug build of the module (swift build)", ours_build[0], f"fails after {failed_build.seconds:.0f}", "s")
                row("  what the baseline's build took until it failed, at least", ours_build[0], failed_build.seconds, "s")
                row("  peak memory of that build (the largest job)", ours_build[1] / 1024, failed_build.peak / 1024, "MiB")
            else:
                row("debug build of the module (swift build)", ours_build[0], "fails", "s")
                row("  CPU time of that build", ours_build[3], "–", "s")
                row("  peak memory of that build (the largest job)", ours_build[1] / 1024, "–", "MiB")
            row("  compiler warnings in that build", ours_build[2], theirs_build[2] if theirs_build else "–", "", lower_is_better=None)
            commit = subprocess.run(['git', '-C', ROOT, 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()
            facts = (f"{operations:,} operations, {schemas:,} component schemas, {os.path.getsize(path) / 1024:,.0f} KiB; "
                     f"measured on {time.strftime('%Y-%m-%d')} at `{commit}`")
            if theirs_note:
                facts += f"; swift-openapi-generator {theirs_note}"
            if theirs_failed:
                facts += f"; swift-openapi-generator: {theirs_failed}"
            self.documents.append((name, facts, rows))

    # Keywords that only validate values: the baseline's parser rejects some forms of them (an
    # integer `maximum` written as a float, 3.0's boolean `exclusiveMinimum` in a 3.1 document),
    # and removing them changes no type in either tool's output.
    VALIDATION_KEYWORDS = {"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength", "minLength",
                           "pattern", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties"}

    def baseline_document(self, path, stem, out):
        """The document the baseline generates from, and a note: the published one, or when its parser
        rejects validation keywords in it, a copy in the work folder without each one it rejects."""
        with open(path) as f:
            document = json.load(f)
        copy = os.path.join(self.work, f"{stem}.baseline.json")
        removed, first_error = [], None
        patterns = [r"Problem encountered when parsing `([^`]+)` in Document\.([^:]+):",
                    r"Expected `([^`]+)` value in Document\.(\S+) to be parsable"]
        current = path
        for _ in range(200):
            command, before = self.generate_theirs(current, out)
            before()
            result = run(command, check=False, status=True)
            if result[5] == 0:
                break
            match = next((m for m in (re.search(p, result[3]) for p in patterns) if m), None)
            if not match or match.group(1) not in self.VALIDATION_KEYWORDS:
                break
            first_error = first_error or match.group(0)
            node = document
            try:
                for part in re.findall(r"[^.\[\]]+|\[\d+\]", match.group(2)):
                    node = node[int(part[1:-1])] if part.startswith("[") else node[part]
                del node[match.group(1)]
            except (KeyError, IndexError, TypeError):
                break
            removed.append(match.group(1))
            with open(copy, "w") as f:
                json.dump(document, f)
            current = copy
        if not removed:
            return path, None
        kinds = ", ".join(f"`{key}` ×{removed.count(key)}" for key in sorted(set(removed)))
        return current, (f"refuses the published document ({first_error.rstrip(':')}); its figures are for a copy without the "
                         f"{len(removed)} validation keywords it rejects ({kinds}), which changes no type")

    def baseline_without_failing_operations(self, document_path, stem, failure, document):
        """The baseline's module built without the operations its failed build's errors lie in
        (by the client function they are in, or the schema or operation type they name), up to
        three rounds: (build figures, the operations left out), or None."""
        operations = {}  # operationId -> the operation's JSON text
        for item in (document.get("paths") or {}).values():
            for method, operation in (item.items() if isinstance(item, dict) else []):
                if isinstance(operation, dict) and "operationId" in operation:
                    operations[operation["operationId"]] = json.dumps(operation)
        left_out, errors = set(), failure.errors
        out = os.path.join(self.work, f"{stem}-oa-subset")
        for round in range(3):
            for error in errors:
                match = re.match(r"^(\S+\.swift):(\d+):", error)
                if match and match.group(1).endswith("Client.swift"):
                    with open(match.group(1)) as f:
                        lines = f.read().splitlines()[:int(match.group(2))]
                    function = next((re.search(r"public func (\w+)\(", line) for line in reversed(lines) if "public func " in line), None)
                    if function and function.group(1) in operations:
                        left_out.add(function.group(1))
                for name in re.findall(r"Operations\.(\w+)", error):
                    if name in operations:
                        left_out.add(name)
                for name in re.findall(r"Components\.Schemas\.(\w+)", error):
                    left_out.update(op for op, text in operations.items() if f'"#/components/schemas/{name}"' in text)
            if not left_out:
                return None
            # A copy of the document without those operations (its `filter` option would also drop
            # the schemas they alone use, and it fails on documents with webhooks).
            with open(document_path) as f:
                subset = json.load(f)
            for item in (subset.get("paths") or {}).values():
                for method in [key for key, value in item.items() if isinstance(value, dict) and value.get("operationId") in left_out]:
                    del item[method]
            subset_path = os.path.join(self.work, f"{stem}.baseline-subset.json")
            with open(subset_path, "w") as f:
                json.dump(subset, f)
            command, before = self.generate_theirs(subset_path, out)
            before()
            if run(command, check=False, status=True)[5] != 0:
                return None
            try:
                return self.module_build(self.module_package(f"{stem}-theirs-subset-{round}", out, "theirs")), sorted(left_out)
            except BuildFailed as again:
                errors = again.errors
        return None

    def documents_section(self):
        lines = [DOCUMENTS_BEGIN, "## Real OpenAPI documents", "",
                 f"Published descriptions that no one here wrote (`../shared/openapi/`, see its README). endpointgen imports each "
                 "(`endpointgen import`) and generates the spec; swift-openapi-generator generates from the document (types and "
                 "client). Each module is built alone with SwiftPM (`swift build`, debug, its dependencies already built). "
                 f"Medians of {self.runs} runs for import and generation; the builds once each. Where the baseline's module "
                 "does not build, the time its build ran until it stopped at its errors is shown: a lower bound of its compile.", ""]
        if not self.documents and not os.path.isdir(DOCUMENTS):
            lines += [f"Not measured: {DOCUMENTS} was absent.", ""]
        for name, facts, rows in self.documents:
            lines += [f"### {name}", "", facts + ".", "",
                      "| measure | endpointgen | swift-openapi-generator | endpointgen is |", "|---|---|---|---|"]
            lines += [f"| {measure} | {ours} | {theirs} | {ratio} |" for measure, ours, theirs, ratio in rows]
            lines.append("")
        lines.append(DOCUMENTS_END)
        return "\n".join(lines)

    def write_documents_section(self):
        """Replaces the documents' section of RESULTS.md (or appends it), leaving the rest as it is."""
        path = os.path.join(HERE, "RESULTS.md")
        with open(path) as f:
            text = f.read()
        section = self.documents_section()
        if self.args.documents and DOCUMENTS_BEGIN in text and DOCUMENTS_END in text:
            # Only some documents were measured: the others keep the tables they have.
            old = text[text.index(DOCUMENTS_BEGIN):text.index(DOCUMENTS_END)]
            measured = {name for name, _, _ in self.documents}
            kept = [chunk for chunk in re.split(r"(?m)^(?=### )", old)[1:] if chunk.split("\n", 1)[0][4:].strip() not in measured]
            new_chunks = re.split(r"(?m)^(?=### )", section[:section.index(DOCUMENTS_END)])
            chunks = sorted(kept + new_chunks[1:], key=lambda chunk: chunk.split("\n", 1)[0])
            section = new_chunks[0] + "".join(chunk if chunk.endswith("\n") else chunk + "\n" for chunk in chunks) + DOCUMENTS_END
        if DOCUMENTS_BEGIN in text and DOCUMENTS_END in text:
            start, end = text.index(DOCUMENTS_BEGIN), text.index(DOCUMENTS_END) + len(DOCUMENTS_END)
            text = text[:start] + section + text[end:]
        else:
            text = text.rstrip("\n") + "\n\n" + section + "\n"
        with open(path, "w") as f:
            f.write(text)

    # MARK: Charts

    def write_charts(self, path):
        """charts.svg: generation time, generated lines and module compile time against
        the number of operations (log-log), one line per tool."""
        panels = [m for m in ["generation time (s)", "generated lines", "module compile time (s)"]
                  if any(key[0] == m for key in self.curves)]
        colors = {"endpointgen": "#1a7f37", "swift-openapi-generator": "#cf222e", f"endpointgen at {BEFORE}": "#8c959f"}
        width, height, pad = 360, 260, 48
        svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * len(panels)}" height="{height + 40}" '
               'font-family="-apple-system, Helvetica, Arial, sans-serif" font-size="11">',
               f'<rect width="100%" height="100%" fill="white"/>']
        for index, measure in enumerate(panels):
            series = {tool: points for (m, tool), points in self.curves.items() if m == measure and points}
            xs = sorted({x for points in series.values() for x in points})
            ys = [y for points in series.values() for y in points.values() if y > 0]
            if not xs or not ys:
                continue
            import math
            x0, x1 = math.log10(min(xs)), math.log10(max(xs)) + (1 if len(xs) == 1 else 0)
            y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))
            y1 = y1 if y1 > y0 else y0 + 1
            left = index * width
            px = lambda x: left + pad + (math.log10(x) - x0) / (x1 - x0) * (width - 2 * pad)
            py = lambda y: 20 + (height - pad) - (math.log10(y) - y0) / (y1 - y0) * (height - pad - 20)
            svg.append(f'<text x="{left + width / 2}" y="14" text-anchor="middle" font-weight="bold">{measure} vs operations</text>')
            svg.append(f'<line x1="{left + pad}" y1="{py(10 ** y0)}" x2="{left + width - pad}" y2="{py(10 ** y0)}" stroke="#444"/>')
            svg.append(f'<line x1="{left + pad}" y1="{py(10 ** y0)}" x2="{left + pad}" y2="{py(10 ** y1)}" stroke="#444"/>')
            for decade in range(y0, y1 + 1):
                svg.append(f'<line x1="{left + pad}" y1="{py(10 ** decade)}" x2="{left + width - pad}" y2="{py(10 ** decade)}" stroke="#eee"/>')
                label = f"{10 ** decade:g}" if decade < 4 else f"{10 ** decade:.0e}"
                svg.append(f'<text x="{left + pad - 4}" y="{py(10 ** decade) + 4}" text-anchor="end">{label}</text>')
            for x in xs:
                svg.append(f'<text x="{px(x)}" y="{py(10 ** y0) + 14}" text-anchor="middle">{x:,}</text>')
            for row, (tool, points) in enumerate(sorted(series.items())):
                color = colors.get(tool, "#0969da")
                coordinates = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in sorted(points.items()) if y > 0)
                svg.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="{coordinates}"/>')
                for x, y in sorted(points.items()):
                    if y > 0:
                        svg.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{color}"/>')
                svg.append(f'<text x="{left + pad + 6}" y="{32 + 13 * row}" fill="{color}">{tool}</text>')
            svg.append(f'<text x="{left + width / 2}" y="{height + 30}" text-anchor="middle">operations (log scale; values log scale)</text>')
        svg.append("</svg>")
        with open(path, "w") as f:
            f.write("\n".join(svg) + "\n")

    # MARK: Consumers

    def consumer_packages(self):
        """Two app packages that generate Petstore with each tool's build plugin."""
        spec, document = self.petstore_inputs()
        ours = os.path.join(self.work, "ConsumerEndpointgen")
        os.makedirs(os.path.join(ours, "Sources", "API"))
        shutil.copy(spec, os.path.join(ours, "Sources", "API", "petstore.endpointgen.json"))
        with open(os.path.join(ours, "Sources", "API", "API.swift"), "w") as f:
            f.write("import GeneratedRuntime\n")
        with open(os.path.join(ours, "Package.swift"), "w") as f:
            f.write(f'''// swift-tools-version:6.1
import PackageDescription
let package = Package(name: "ConsumerEndpointgen", platforms: [.macOS(.v13)],
    dependencies: [.package(name: "endpointgen", path: "{ROOT}")],
    targets: [.target(name: "API", dependencies: [.product(name: "GeneratedRuntime", package: "endpointgen")],
                      plugins: [.plugin(name: "EndpointGenPlugin", package: "endpointgen")])])
''')
        theirs = os.path.join(self.work, "ConsumerOpenAPI")
        os.makedirs(os.path.join(theirs, "Sources", "API"))
        shutil.copy(document, os.path.join(theirs, "Sources", "API", "openapi.yaml"))
        with open(os.path.join(theirs, "Sources", "API", "openapi-generator-config.yaml"), "w") as f:
            f.write(OPENAPI_CONFIG)
        with open(os.path.join(theirs, "Sources", "API", "API.swift"), "w") as f:
            f.write("import OpenAPIRuntime\n")
        with open(os.path.join(theirs, "Package.swift"), "w") as f:
            f.write('''// swift-tools-version:6.1
import PackageDescription
let package = Package(name: "ConsumerOpenAPI", platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
    ],
    targets: [.target(name: "API", dependencies: [
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
    ], plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")])])
''')
        consumers = [
            ("endpointgen", ours, "petstore.endpointgen.json", ('"tag": "String?",', '"tag": "String?", "nickname": "String?",')),
            ("baseline", theirs, "openapi.yaml", ("        tag:\n          type: string\n",
                                                  "        tag:\n          type: string\n        nickname:\n          type: string\n")),
        ]
        # Clean builds, the two packages taking turns: each round removes the build folder and
        # resolves again (untimed), then builds. The median of three rounds, since a single
        # clean build of either package varies by several percent from one run to the next.
        cold_runs = {name: [] for name, *_ in consumers}
        for _ in range(1 if self.smoke else 3):
            for name, folder, _, _ in consumers:
                shutil.rmtree(os.path.join(folder, ".build"), ignore_errors=True)
                run(["swift", "package", "resolve"], cwd=folder)
                cold_runs[name].append(run(["swift", "build"], cwd=folder))
        self.consumer_rounds = len(cold_runs["endpointgen"])
        results = {}
        for name, folder, spec_file, edit in consumers:
            cold = (statistics.median(r[0] for r in cold_runs[name]), max(r[1] for r in cold_runs[name]))
            no_change = median_run(["swift", "build"], max(self.runs, 2), cwd=folder)
            path = os.path.join(folder, "Sources", "API", spec_file)
            with open(path) as f:
                original = f.read()
            assert edit[0] in original, f"{name}: the one-line edit does not apply"

            def toggle(state={"edited": False}):
                with open(path, "w") as f:
                    f.write(original if state["edited"] else original.replace(edit[0], edit[1], 1))
                state["edited"] = not state["edited"]
            changed = median_run(["swift", "build"], max(self.runs, 2), cwd=folder, before=toggle)
            results[name] = (cold, no_change, changed)
        (ours_cold, ours_none, ours_changed), (theirs_cold, theirs_none, theirs_changed) = results["endpointgen"], results["baseline"]
        self.row("consumer", "clean build of a package using the build plugin (debug)", ours_cold[0], theirs_cold[0], "s",
                 note=f"median of {self.consumer_rounds} clean builds each, the packages taking turns" if self.consumer_rounds > 1 else "")
        self.row("consumer", "  peak memory of that build", ours_cold[1] / 1024, theirs_cold[1] / 1024, "MiB")
        self.row("consumer", "no-change rebuild", ours_none[0], theirs_none[0], "s")
        self.row("consumer", "rebuild after a one-line spec change", ours_changed[0], theirs_changed[0], "s")

    # MARK: Runtime

    def runtime(self):
        package = os.path.join(HERE, "Runtime")
        scratch = os.path.join(SCRATCH, f"runtime-{self.configuration}")
        run(["swift", "build", "-c", self.configuration, "--scratch-path", scratch], cwd=package)
        # The server (Runtime/Sources/LoopbackServer) listens on a free port of 127.0.0.1, says which,
        # and exits when its standard input closes.
        server = subprocess.Popen([os.path.join(scratch, self.configuration, "LoopbackServer"), "0"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            announced = server.stdout.readline().split()  # "port N"
            if len(announced) != 2:
                sys.exit("bench.py: the loopback server did not start")
            port = int(announced[1])
            pets, rounds, requests, request_rounds = (2_000, 3, 20, 4) if self.smoke else (100_000, 15, 200, 120)
            bench = os.path.join(scratch, self.configuration, "RuntimeBench")
            _, peak, out, _, _ = run([bench, str(pets), str(rounds), str(requests), str(request_rounds), f"http://127.0.0.1:{port}"])
            # Decoding again in processes of their own (no requests): the same code measured in
            # two processes has differed by more (1.06x and 1.15x) than the rounds inside one do,
            # so the ratios of every process's rounds are pooled.
            decode_runs = [json.loads(out.strip().splitlines()[-1])["decode"]]
            for _ in range(0 if self.smoke else 2):
                _, _, decode_out, _, _ = run([bench, str(pets), str(rounds), "20", "0", f"http://127.0.0.1:{port}", "urlSession"])
                decode_runs.append(json.loads(decode_out.strip().splitlines()[-1])["decode"])
        finally:
            server.stdin.close()
            try:
                server.wait(timeout=5)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        r = json.loads(out.strip().splitlines()[-1])
        decode = {name: [seconds for run_ in decode_runs for seconds in run_[name]] for name in decode_runs[0]}
        ours, ours_spread = ratio_stats(decode["endpointgen"], decode["handWritten"])
        theirs, theirs_spread = ratio_stats(decode["openapi"], decode["handWritten"])
        self.row("runtime", f"decode {pets:,} pets: generated models vs hand-written Codable",
                 ours, theirs, "×",
                 note=(f"median of {len(decode['handWritten'])} per-round ratios of decoding times, {rounds} rounds in "
                       + (f"each of {len(decode_runs)} processes" if len(decode_runs) > 1 else "one process")
                       + f", the decoders taking turns; interquartile range endpointgen {ours_spread}, "
                       f"baseline {theirs_spread}; hand-written: {statistics.median(decode['handWritten']) * 1000:.1f} ms"))
        # Each round's ratio compares clients that took turns within that round; the table gives the
        # median of those ratios and their interquartile range.
        rates, cpu = r["requests"], r["cpuPerRequest"]
        rounds_note = f"median of {request_rounds} per-round ratios, {requests} requests per client per round"
        for reference, label in [("urlSession", "raw URLSession.shared"),
                                 ("urlSessionDelegate", "raw URLSession on a session with a delegate"),
                                 ("urlSessionNoCache", "raw URLSession without a URL cache")]:
            ours, ours_spread = ratio_stats(rates["endpointgen"], rates[reference])
            theirs, theirs_spread = ratio_stats(rates["openapi"], rates[reference])
            self.row("runtime", f"requests per second through the generated client vs {label}", ours, theirs, "×",
                     lower_is_better=False,
                     note=f"{rounds_note}; interquartile range endpointgen {ours_spread}, baseline {theirs_spread}; "
                          f"{label}: {statistics.median(rates[reference]):,.0f} req/s")
        for client, label in [("endpointgenPassThrough", "a chain of one pass-through middleware"),
                              ("endpointgenRetryLogging", "retry and logging middlewares (log discarded)")]:
            ours, ours_spread = ratio_stats(rates[client], rates["endpointgen"])
            self.row("runtime", f"requests per second through a client with {label} vs the same client without", ours, None, "×",
                     lower_is_better=False, note=f"{rounds_note}; interquartile range {ours_spread}; the baseline has no such client")
        ours, ours_spread = ratio_stats(cpu["endpointgen"], cpu["urlSession"])
        theirs, theirs_spread = ratio_stats(cpu["openapi"], cpu["urlSession"])
        self.row("runtime", "CPU time per request through the generated client vs raw URLSession.shared", ours, theirs, "×",
                 note=f"{rounds_note}; interquartile range endpointgen {ours_spread}, baseline {theirs_spread}; "
                      f"raw URLSession.shared: {statistics.median(cpu['urlSession']) * 1e6:,.0f} µs")
        self.rows.append(("runtime", "peak memory of the runtime benchmark process", f"{peak / 1024:.0f} MiB (one process for all seven clients)", "", "", "", "", ""))

    def write_results(self):
        machine = f"{platform.machine()}, {os.cpu_count()} cores, " + subprocess.run(
            ["sh", "-c", "free -g | awk '/Mem:/ {print $2 \" GiB\"}'"], capture_output=True, text=True).stdout.strip()
        swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
        lines = ["# Benchmark results", "",
                 f"Produced by `python3 Benchmarks/bench.py` on {time.strftime('%Y-%m-%d')}: {machine}; {swift}; "
                 f"{platform.platform()}. endpointgen at `{subprocess.run(['git', '-C', ROOT, 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()}` "
                 "against apple/swift-openapi-generator 1.14.3 (swift-openapi-runtime 1.13.4, swift-openapi-urlsession 1.4.0). "
                 f"Medians of {self.runs} runs unless noted; the cold builds of the tools once each.", "",
                 "![Generation time, generated lines and module compile time against the number of operations](charts.svg)", "",
                 f"| section | measure | endpointgen | swift-openapi-generator | endpointgen is | endpointgen at `{BEFORE}` (same run) | endpointgen is, vs `{BEFORE}` |",
                 "|---|---|---|---|---|---|---|"]
        for section, measure, ours, theirs, ratio, note, before, before_ratio in self.rows:
            lines.append(f"| {section} | {measure}{' (' + note + ')' if note else ''} | {ours} | {theirs} | {ratio} | {before} | {before_ratio} |")
        path = os.path.join(HERE, "RESULTS.md")
        previous = ""
        if os.path.exists(path):
            with open(path) as f:
                previous = f.read()
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
            if DOCUMENTS_BEGIN in previous and DOCUMENTS_END in previous:
                # Kept for write_documents_section, which replaces it, or with --documents only
                # the tables of the documents measured in this run.
                f.write("\n" + previous[previous.index(DOCUMENTS_BEGIN):previous.index(DOCUMENTS_END) + len(DOCUMENTS_END)] + "\n")
        self.write_documents_section()

    def main(self):
        print(f"{'section':12} {'measure':52} {'endpointgen':>12} {'baseline':>12}", flush=True)
        if self.args.runtime_only:
            self.build_tools()
            self.runtime_modules()
            self.runtime()
            shutil.rmtree(self.work, ignore_errors=True)
            print("bench.py: done (runtime only; RESULTS.md unchanged)")
            return
        if self.args.documents_only:
            self.build_tools()
            self.real_documents()
            if not self.smoke:
                self.write_documents_section()
            shutil.rmtree(self.work, ignore_errors=True)
            print("bench.py: done (real documents only" + ("" if self.smoke else "; rewrote their section of RESULTS.md") + ")")
            return
        self.build_tools()
        pet_spec, pet_document = self.petstore_inputs()
        ours_out, theirs_out, before_out = self.generation("Petstore", pet_spec, pet_document, self.runs)
        sizes = [10] if self.smoke else self.args.sizes
        curve = {}
        for n in sizes:
            spec, document = self.synthetic_inputs(n)
            curve[n] = self.generation(f"{n} operations", spec, document, self.runs if n < 1000 else max(1, self.runs // 2), operations=n)
        self.runtime_modules()
        self.compile_alone("Petstore", ours_out, theirs_out, before_out, self.runs)
        for n in sizes[:3]:
            self.compile_alone(f"{n} operations", *curve[n], self.runs if n < 500 else 1, operations=n)
        self.compile_hashable(sizes[min(1, len(sizes) - 1)], self.runs)
        self.large_api()
        self.real_documents()
        self.consumer_packages()
        self.runtime()
        if not self.smoke:
            self.write_results()
            self.write_charts(os.path.join(HERE, "charts.svg"))
        else:
            self.write_charts(os.path.join(self.work, "charts.svg"))  # drawn and dropped, so the code cannot rot
        shutil.rmtree(self.work, ignore_errors=True)
        print("bench.py: done" + ("" if self.smoke else "; wrote Benchmarks/RESULTS.md"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="one tiny run of every step")
    parser.add_argument("--runtime-only", action="store_true",
                        help="only the runtime section (decoding and requests), at full size unless --smoke; "
                             "builds incrementally and leaves RESULTS.md as it is")
    parser.add_argument("--documents-only", action="store_true",
                        help="only the real OpenAPI documents (../shared/openapi); rewrites their section of RESULTS.md")
    parser.add_argument("--documents", type=lambda s: s.split(","), default=None,
                        help="only these real documents (names without .json); the others' tables in RESULTS.md are kept")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (default 5)")
    parser.add_argument("--sizes", type=lambda s: [int(x) for x in s.split(",")], default=[10, 100, 500, 2000],
                        help="operations in the synthetic APIs (default 10,100,500,2000)")
    Bench(parser.parse_args()).main()
