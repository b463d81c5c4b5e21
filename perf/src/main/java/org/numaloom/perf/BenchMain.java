package org.numaloom.perf;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.numaloom.perf.config.BenchConfig;
import org.numaloom.perf.config.BenchSpec;
import org.numaloom.perf.config.ConfigException;
import org.numaloom.perf.placement.Placement;
import org.numaloom.perf.placement.PlacementLog;
import org.numaloom.perf.report.Compared;
import org.numaloom.perf.report.Gate;
import org.numaloom.perf.report.Ideal;
import org.numaloom.perf.report.Measurement;
import org.numaloom.perf.report.Report;
import org.numaloom.perf.report.ResultCsv;
import org.numaloom.perf.report.ResultTable;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

/**
 * {@code numaloom bench}: runs the benches of a config through JMH and reports them.
 *
 * <p>Everything that can be wrong with the request is found before the first fork starts: the
 * arguments, the config (every field, lock name and thread count), the placement against the
 * machine's topology, the gate's thresholds. Then the runs of {@link JmhRun#plan} execute in order,
 * with a progress line per thread count, and at the end a table per bench is printed and
 * {@code results.csv}, the charts and {@code report.md} are written to the output directory, JMH's
 * JSON and logs under its {@code jmh/}.
 *
 * <p>Config names ({@code --config high}) are looked up in {@code perf/configs/} under the
 * directory the system property {@value #HOME_PROPERTY} names (the launcher sets it to the
 * checkout), or under the working directory. Without {@code --out}, results go to
 * {@code results/<yyyyMMdd-HHmmss>} under that home, or under the directory the system property
 * {@value #RESULTS_PROPERTY} names (the bundle's launcher sets it to {@code ./results}, so that the
 * bundle itself stays read-only). Exit status: 0 done, 1 a benchmark failed (what the others
 * measured is written), 2 bad arguments or config, 3 the gate failed.
 */
public final class BenchMain {
    static final String HOME_PROPERTY = "numaloom.home";
    static final String RESULTS_PROPERTY = "numaloom.results";
    private static final DateTimeFormatter RUN_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);
    /** The run's config as run, written first: an output directory that holds one holds a run. */
    static final String CONFIG_FILE = "config.json";
    static final String RESULTS_FILE = "results.csv";

    private final PrintStream console = System.out;
    private final BenchConfig config;
    private final Locality locality;
    private final Placement placement;
    private final List<Placement.HostCpu> cpus;
    private final Path out;
    private final Supplier<MachineLoad.Sample> machine;
    private final DoubleSupplier pace;

    BenchMain(BenchConfig config, Locality locality, Placement placement, List<Placement.HostCpu> cpus, Path out) {
        this(config, locality, placement, cpus, out, MachineLoad::now);
    }

    /** @param machine samples the machine's load before and after each run ({@link MachineLoad#now}, or a test's) */
    BenchMain(BenchConfig config, Locality locality, Placement placement, List<Placement.HostCpu> cpus, Path out,
              Supplier<MachineLoad.Sample> machine) {
        this(config, locality, placement, cpus, out, machine, MachinePace::probeMillis);
    }

    /**
     * @param machine samples the machine's load before and after each run ({@link MachineLoad#now}, or a test's)
     * @param pace    times the machine's pace before the first run and after each ({@link MachinePace#probeMillis}, or a test's)
     */
    BenchMain(BenchConfig config, Locality locality, Placement placement, List<Placement.HostCpu> cpus, Path out,
              Supplier<MachineLoad.Sample> machine, DoubleSupplier pace) {
        this.config = config;
        this.locality = locality;
        this.placement = placement;
        this.cpus = cpus;
        this.out = out;
        this.machine = machine;
        this.pace = pace;
    }

    public static void main(String[] commandLine) throws IOException {
        BenchArgs args;
        BenchConfig config;
        Locality locality;
        Placement placement;
        List<Placement.HostCpu> cpus;
        Optional<List<Gate.Threshold>> thresholds;
        String stamp = LocalDateTime.now().format(RUN_STAMP);
        Path out;
        try {
            args = BenchArgs.parse(commandLine);
            if (args.help()) {
                System.out.print(BenchArgs.usage(describeNamedConfigs(configsDirectory())));
                return;
            }
            config = BenchConfig.read(configFile(args.config().orElse(BenchArgs.DEFAULT_CONFIG)))
                    .with(args.locks(), args.threads(), args.quick());
            locality = Locality.of(args.topology(), args.remoteCostNanos());
            locality.requireConsistentCosts(config);
            cpus = Placement.machineCpus(locality.topology());
            placement = Placement.plan(args.pin(), args.parallelism(), cpus);
            thresholds = args.gate().isPresent() ? Optional.of(Gate.read(args.gate().get())) : Optional.empty();
            thresholds.ifPresent(list -> requireMeasured(list, config, args.gate().get()));
            out = outputDirectory(args.out(), stamp);
        } catch (IllegalStateException e) { // the lock registry's providers: not a usage mistake
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
            return;
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("bench: " + e.getMessage());
            System.err.println(BenchArgs.SYNOPSIS);
            System.exit(2);
            return;
        }
        Outcome outcome = new BenchMain(config, locality, placement, cpus, out).run(stamp, commandLine, args.timeLimit());
        boolean gatePassed = thresholds.isEmpty() || passes(thresholds.get(), outcome.rows());
        if (!outcome.failures().isEmpty()) {
            System.err.printf(Locale.ROOT, outcome.rows().isEmpty()
                            ? "%nbench: %d JMH run(s) failed, all that ran; report.md in %s lists them:%n"
                            : "%nbench: %d JMH run(s) failed; what the others measured is in %s:%n",
                    outcome.failures().size(), out);
            outcome.failures().forEach(failure -> System.err.println("  " + failure));
            System.exit(1);
        }
        if (!gatePassed) {
            System.exit(3);
        }
    }

    /**
     * What a run produced: a row per lock and thread count measured, and a line per JMH run that
     * failed (the bench, the lock, JMH's message and where its output is).
     */
    record Outcome(List<Compared> rows, List<String> failures) {
    }

    /** Runs one planned JMH run: JMH itself, or a stand-in in tests. */
    @FunctionalInterface
    interface RunExecutor {
        Collection<RunResult> execute(JmhRun run) throws RunnerException, IOException;
    }

    /**
     * The run's output directory, {@code --out} or {@code results/<stamp>} under the results root,
     * created with its {@code jmh/}, before anything is measured.
     *
     * @throws IllegalArgumentException if it cannot be created or written, or holds an earlier run,
     *     whose results this one would overwrite and whose files it would mix with its own
     */
    static Path outputDirectory(Optional<Path> requested, String stamp) {
        Path out = requested.orElseGet(() -> resultsRoot().resolve(stamp));
        String named = requested.isPresent() ? "--out " + out : "the results directory " + out + " (choose another with --out)";
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException(named + ": exists and is not a directory; name a directory (it is created if missing)");
        }
        for (String earlier : List.of(CONFIG_FILE, RESULTS_FILE, PlacementLog.FILE_NAME)) {
            if (Files.exists(out.resolve(earlier))) {
                throw new IllegalArgumentException(named + ": holds an earlier run (" + earlier
                        + "), which this one would overwrite; name a new directory, or move that run away");
            }
        }
        try {
            Files.createDirectories(out.resolve("jmh"));
        } catch (IOException e) {
            throw new IllegalArgumentException(named + ": cannot be created (" + reason(e) + "); name a directory you can write to");
        }
        if (!Files.isWritable(out)) {
            throw new IllegalArgumentException(named + ": cannot be written to; name a directory you can write to");
        }
        return out;
    }

    /** What went wrong with a file, in a few words: the file system's reason where it gives one. */
    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException denied) {
            return "permission denied: " + denied.getFile();
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getFile() + ": " + fileSystem.getReason();
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /**
     * A file if one exists by that name, else {@code perf/configs/<name>.json} under the home.
     *
     * @throws IllegalArgumentException listing the named configs, if neither exists
     */
    static Path configFile(String nameOrFile) throws IOException {
        Path file = Path.of(nameOrFile);
        Path configs = configsDirectory();
        Path named = configs.resolve(nameOrFile + ".json");
        if (Files.isRegularFile(file)) {
            return file;
        }
        if (Files.isRegularFile(named)) {
            return named;
        }
        throw new IllegalArgumentException("--config " + nameOrFile + ": "
                + (Files.isDirectory(file) ? "a directory, not a config file" : "no such file, and no " + named)
                + "; named configs: " + (Files.isDirectory(configs) ? String.join(", ", namedConfigs(configs))
                        : "none (no " + configs + ")"));
    }

    /** The names {@code --config} accepts: the {@code .json} files in {@code configs}, without the suffix, sorted. */
    static List<String> namedConfigs(Path configs) throws IOException {
        try (Stream<Path> files = Files.list(configs)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".json")).map(f -> f.substring(0, f.length() - ".json".length())).sorted().toList();
        }
    }

    /**
     * The named configs, a line each with the {@code description} the file gives, for {@code --help}:
     * the files are the one list of them. A file that does not read is listed with its error.
     */
    static String describeNamedConfigs(Path configs) throws IOException {
        if (!Files.isDirectory(configs)) {
            return "  none (no " + configs + ")\n";
        }
        StringBuilder lines = new StringBuilder();
        for (String name : namedConfigs(configs)) {
            String description;
            try {
                description = BenchConfig.read(configs.resolve(name + ".json")).description();
            } catch (ConfigException e) {
                description = "does not read: " + e.getMessage();
            }
            lines.append(String.format(Locale.ROOT, "  %-20s %s%n", name, description));
        }
        return lines.toString();
    }

    private static Path configsDirectory() {
        return home().resolve("perf").resolve("configs");
    }

    private static Path home() {
        return Path.of(System.getProperty(HOME_PROPERTY, "."));
    }

    /** Where a run without {@code --out} writes its {@code <yyyyMMdd-HHmmss>} directory. */
    private static Path resultsRoot() {
        String results = System.getProperty(RESULTS_PROPERTY);
        return results != null && !results.isBlank() ? Path.of(results) : home().resolve("results");
    }

    private Outcome run(String stamp, String[] commandLine, Optional<Duration> timeLimit) throws IOException {
        List<String> forkFlags = forkFlags();
        List<JmhRun> plan = JmhRun.plan(config, placement, cpus);
        Files.writeString(out.resolve(CONFIG_FILE), configJson());
        console.printf(Locale.ROOT, "numaloom bench: %d benches, %d JMH runs, %d invocations; %s%nresults: %s%n%n",
                config.benches().size(), plan.size(), plan.stream().mapToInt(JmhRun::iterations).sum(),
                placement.describe(), out);
        Progress progress = new Progress(console, plan);
        return measure(plan, run -> execute(run, forkFlags, progress), new TimeLimit(timeLimit, System::nanoTime), stamp, commandLine);
    }

    /**
     * Runs the plan, each run through {@code executor}, then publishes what was measured. A run that
     * fails (a lock that throws, a variant's flag that stops its forks) is reported at once and the
     * others go on, so an hour of measuring is not lost to one lock; its rows are missing, and the
     * ratios leave out the rounds it was in (they pair rounds by number). The run is published even
     * if every JMH run failed: {@code report.md} then says what failed and where JMH's output is.
     * Under a time limit no run starts that would end past it, nor any after it ({@link TimeLimit});
     * what ran is published the same way, with a line saying how many runs were not started.
     */
    Outcome measure(List<JmhRun> plan, RunExecutor executor, TimeLimit limit, String stamp, String[] commandLine)
            throws IOException {
        Ideal.UnitCosts costs = null;
        List<Results.Executed> executed = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Set<String> failedBenches = new HashSet<>();
        List<MachineLoad.RunLoad> loads = new ArrayList<>();
        List<JmhRun> notStarted = List.of();
        MachinePace.Probes paces = new MachinePace.Probes(pace.getAsDouble());
        for (int i = 0; i < plan.size(); i++) {
            JmhRun run = plan.get(i);
            if (!limit.allows(run)) {
                notStarted = plan.subList(i, plan.size());
                console.printf(Locale.ROOT, "%nbench: --time-limit %d s: %s would end past it; %d of %d JMH runs not"
                        + " started, what ran is published%n", limit.seconds().orElseThrow(), run.name(), notStarted.size(), plan.size());
                break;
            }
            Collection<RunResult> results;
            MachineLoad.Sample before = machine.get();
            limit.started();
            try {
                results = executor.execute(run);
            } catch (RunnerException e) {
                String failure = run.name() + ": " + whatFailed(e) + " (JMH's output: "
                        + out.resolve("jmh").resolve(run.stem() + ".log") + ")"
                        + (run.bench().equals(JmhRun.CALIBRATION) ? "; without the unit costs it measures, the tables"
                                + " have no ideal and no efficiency" : "");
                System.err.println("bench: failed, the other runs go on: " + failure);
                failures.add(failure);
                failedBenches.add(run.bench());
                continue;
            } finally {
                loads.add(MachineLoad.RunLoad.between(run.name(), before, machine.get()));
                paces.after(run.name(), pace.getAsDouble());
            }
            limit.completed(run);
            if (run.bench().equals(JmhRun.CALIBRATION)) {
                costs = Results.unitCosts(results);
            } else {
                executed.add(new Results.Executed(run, results));
            }
        }
        List<String> conditions = new ArrayList<>(List.of(MachineLoad.describe(loads), MachinePace.describe(paces),
                WarmUp.describe(WarmUp.judge(executed))));
        limit.describe(notStarted, plan.size()).ifPresent(conditions::add);
        Unmeasured unmeasured = new Unmeasured(failedBenches, notStarted.stream().map(JmhRun::bench).collect(Collectors.toSet()));
        List<Compared> rows = publish(Results.of(executed, config), costs, stamp, commandLine, failures, conditions, unmeasured);
        return new Outcome(rows, List.copyOf(failures));
    }

    /**
     * Writes {@code results.csv}, then describes the run: the tables on the console, the charts and
     * {@code report.md}. The numbers go to disk first, so that nothing that fails in describing them
     * (reading the forks' placement log, drawing a chart) loses what was measured; JMH's JSON of each
     * run is on disk already.
     *
     * @param failedRuns the JMH runs that failed, as the console reported them
     * @param conditions what the runs were measured under, a line each: other work, the machine's pace,
     *                   locks still warming up ({@link MachineLoad#describe}, {@link MachinePace#describe},
     *                   {@link WarmUp#describe}), and what a time limit left out ({@link TimeLimit#describe})
     * @param unmeasured why a bench without rows has none
     */
    List<Compared> publish(List<Measurement> measured, Ideal.UnitCosts costs, String stamp, String[] commandLine,
                           List<String> failedRuns, List<String> conditions, Unmeasured unmeasured) throws IOException {
        Map<String, Set<String>> locksByBench = config.benches().stream()
                .collect(Collectors.toMap(BenchSpec::id, bench -> Set.copyOf(bench.locks())));
        List<Compared> rows = Compared.compare(Results.withIdeals(measured, config, costs, placement.parallelism()),
                bench -> locksByBench.getOrDefault(bench, Set.of()));
        Files.writeString(out.resolve(RESULTS_FILE), ResultCsv.render(rows));
        PlacementLog pinning = PlacementLog.read(placementLog());
        report(rows, conditions, unmeasured, new Report.RunInfo(stamp, "numaloom bench " + String.join(" ", commandLine), config.source(),
                configJson(), machine(locality), Stream.concat(JmhRun.forkFlags(placement).stream(), forkFlags().stream()).toList(),
                Stream.of(Stream.of("Placement: " + placement.describe(), "Pinning check: " + pinning.describe()),
                        locality.describe(config).stream(), conditions.stream()).flatMap(lines -> lines).toList(), costs,
                placement.parallelism(), failedRuns));
        return rows;
    }

    /**
     * JMH's message, and the first exception the benchmark threw where JMH passes it on (a fork's
     * exception arrives as a suppressed one of JMH's own), so the console says what went wrong.
     */
    static String whatFailed(RunnerException e) {
        String jmhSays = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        Deque<Throwable> pending = new ArrayDeque<>(List.of(e));
        while (!pending.isEmpty()) {
            Throwable t = pending.poll();
            if (t != e && !t.getClass().getName().startsWith("org.openjdk.jmh.")) {
                return jmhSays + ": " + t;
            }
            if (t.getCause() != null) {
                pending.add(t.getCause());
            }
            pending.addAll(List.of(t.getSuppressed()));
        }
        return jmhSays;
    }

    private Path placementLog() {
        return out.resolve(PlacementLog.FILE_NAME);
    }

    /**
     * The flags of every fork besides the placement's: the one that makes it append its pinning check
     * to {@code placement.log}, and the locality's.
     */
    private List<String> forkFlags() {
        return Stream.concat(Stream.of(PlacementLog.jvmArg(placementLog())), locality.jvmArgs().stream()).toList();
    }

    private Collection<RunResult> execute(JmhRun run, List<String> forkFlags, Progress progress)
            throws RunnerException, IOException {
        try (PrintStream log = new PrintStream(Files.newOutputStream(out.resolve("jmh").resolve(run.stem() + ".log")),
                true, StandardCharsets.UTF_8)) {
            progress.begin(run, log);
            Collection<RunResult> results;
            try {
                results = new Runner(run.options(out.resolve("jmh"), forkFlags), progress).run();
            } finally {
                progress.end();
            }
            if (results.isEmpty()) {
                throw new RunnerException(run.stem() + " produced no result (see " + run.stem() + ".log)");
            }
            return results;
        }
    }

    /**
     * The tables on the console, {@code report.md} and the charts; the console ends with the pinning
     * check and the {@code conditions} the run was measured under (other work, the machine's pace,
     * warm-up), which {@code report.md} lists with the placement.
     */
    private void report(List<Compared> rows, List<String> conditions, Unmeasured unmeasured, Report.RunInfo info)
            throws IOException {
        for (BenchSpec spec : config.benches()) {
            List<Compared> ofBench = rows.stream().filter(r -> r.measurement().bench().equals(spec.id())).toList();
            console.printf("%n%s (%s): %s%n", spec.title(), spec.id(), spec.work().describe());
            console.print(ofBench.isEmpty() ? "not measured: " + unmeasured.why(spec.id()) + "\n" : ResultTable.text(ofBench));
            List<String> variants = Report.variants(spec);
            if (!variants.isEmpty()) {
                console.println("Variants:");
                variants.forEach(variant -> console.println("  " + variant));
            }
        }
        Report.write(out, info, config.benches(), rows).ifPresent(noPng -> System.err.println("bench: charts: " + noPng));
        console.printf("%n%s%n%s%nresults: %s (report.md, results.csv, charts, jmh/)%n", info.placement().get(1),
                String.join(System.lineSeparator(), conditions), out);
    }

    /**
     * Why a bench lacks rows: some of its JMH runs failed, or the time limit left them out (a lock
     * that the limit kept from every round has no row, and a ratio to it none), or both.
     *
     * @param failed   the benches with a JMH run that failed
     * @param leftOut  the benches with a JMH run that the time limit did not start
     */
    record Unmeasured(Set<String> failed, Set<String> leftOut) {
        Unmeasured {
            failed = Set.copyOf(failed);
            leftOut = Set.copyOf(leftOut);
        }

        /** A bench has no rows only if a run of it failed or was left out: every run that ends gives rows. */
        String why(String bench) {
            if (!leftOut.contains(bench)) {
                return "its JMH runs failed (listed at the end)";
            }
            return failed.contains(bench)
                    ? "some of its JMH runs failed (listed at the end), and --time-limit left the others out"
                    : "--time-limit left out its JMH runs, or all but too few rounds of them (see its line at the end)";
        }
    }

    private String configJson() throws IOException {
        Path source = Path.of(config.source());
        return Files.isRegularFile(source) ? Files.readString(source) : "";
    }

    /** A threshold on a bench or lock the config does not measure would fail only after the whole run. */
    private static void requireMeasured(List<Gate.Threshold> thresholds, BenchConfig config, Path file) {
        for (Gate.Threshold t : thresholds) {
            boolean measured = config.benches().stream()
                    .anyMatch(spec -> spec.id().equals(t.bench()) && spec.locks().contains(t.lock()));
            if (!measured) {
                throw new IllegalArgumentException(file + ": threshold for " + t.bench() + " " + t.lock()
                        + ", which " + config.source() + " does not measure; its benches and locks: "
                        + config.benches().stream().map(spec -> spec.id() + " " + spec.locks()).toList());
            }
        }
    }

    private static boolean passes(List<Gate.Threshold> thresholds, List<Compared> rows) {
        List<Gate.Verdict> verdicts = Gate.check(thresholds, rows);
        System.out.println();
        verdicts.forEach(v -> System.out.println("gate: " + v.describe()));
        long passed = verdicts.stream().filter(Gate.Verdict::passed).count();
        System.out.println("gate: " + passed + " passed, " + (verdicts.size() - passed) + " failed");
        return passed == verdicts.size();
    }

    private static List<String> machine(Locality locality) {
        List<String> lines = new ArrayList<>();
        lines.add("CPU: " + cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " available to the JVM");
        lines.add("Topology (the runner's and every fork's): " + locality.topology());
        lines.add("OS and memory: " + ManagementFactory.getOperatingSystemMXBean().getName() + " "
                + System.getProperty("os.version") + ", " + memTotal());
        lines.add("JDK: " + System.getProperty("java.vm.vendor") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.home") + ")");
        return lines;
    }

    private static String cpuModel() {
        return firstLineOf(Path.of("/proc/cpuinfo"), "model name", "unknown model");
    }

    private static String memTotal() {
        return firstLineOf(Path.of("/proc/meminfo"), "MemTotal", "unknown total memory");
    }

    private static String firstLineOf(Path file, String key, String fallback) {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.filter(line -> line.startsWith(key)).map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst().orElse(fallback);
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }
}
