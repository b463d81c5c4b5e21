package org.numaloom.mutation;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.numaloom.locks.registry.LockRegistry;

/**
 * {@code ./numaloom mutate}: makes mutants of registered locks' bytecode ({@link Operator}), runs
 * each through the chosen test layers ({@link Layer}) in fresh JVMs with the mutated class first
 * on the class path, and writes {@code mutants.csv} (a row per mutant and layer, as each ends) and
 * {@code report.md} (scores, matrix, survivors) under {@code results/mutate/<time>/}.
 *
 * <p>Before the mutants, each layer must fail on a canary ({@link Mutator#writeCanary}), a lock
 * class whose constructor always throws: a layer whose JVMs took the original class from
 * elsewhere would let it pass, and its verdicts on the mutants would mean nothing. An interrupted
 * run keeps every row it finished and writes the report from them.
 */
public final class MutateMain {
    private static final boolean TSO_MACHINE = Set.of("amd64", "x86_64", "x86").contains(System.getProperty("os.arch"));

    private static final EquivalentMutants EQUIVALENTS = EquivalentMutants.kit();

    private final MutateArgs args;
    private final LayerContext context;
    private final List<Row> rows = Collections.synchronizedList(new ArrayList<>());
    private final Set<Process> running = ConcurrentSetOfProcesses.create();
    private Writer csv;
    /** Per lock, the methods of its classes it never runs, which were not mutated (for the report). */
    private final Map<String, Set<String>> notRunByLock = new LinkedHashMap<>();

    private MutateMain(MutateArgs args, LayerContext context) {
        this.args = args;
        this.context = context;
    }

    public static void main(String[] argv) throws Exception {
        Path home = Path.of(System.getProperty("numaloom.home", "."));
        Path defaultOut = home.resolve("results/mutate/" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (List.of(argv).contains("--help") || List.of(argv).contains("-h")) {
            System.out.print(MutateArgs.USAGE);
            for (Operator operator : Operator.values()) {
                System.out.printf("  %-24s %-10s %s%n", operator, operator.bradbury(), operator.description());
            }
            return;
        }
        MutateArgs args;
        Map<String, Mutator> mutators = new LinkedHashMap<>();
        List<Mutant> mutants;
        try {
            args = MutateArgs.parse(argv, defaultOut);
            for (String lock : args.locks()) {
                mutators.put(lock.toUpperCase(Locale.ROOT), mutatorOf(lock));
            }
            mutants = select(args, mutators);
            if (!args.listOnly() && !mutants.isEmpty()) {
                createOutputDirectory(args.out());
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("mutate: " + e.getMessage());
            System.err.print(MutateArgs.USAGE);
            System.exit(2);
            return;
        }
        if (mutants.isEmpty()) {
            System.out.println("mutate: no site of the operators " + args.operators() + " in the classes of "
                    + String.join(", ", mutators.keySet()) + " (" + mutators.values().stream()
                    .flatMap(mutator -> mutator.classNames().stream()).map(name -> name.replace('/', '.'))
                    .collect(Collectors.joining(", ")) + "): nothing to mutate, so no score; the operators "
                    + "look for VarHandle, atomic and synchronizer compare-and-sets, LockSupport park and unpark, "
                    + "int comparisons, volatile fields and Thread.interrupted()");
            return;
        }
        if (args.listOnly()) {
            mutants.forEach(mutant -> System.out.println(mutant.lock() + " " + mutant.id() + " line " + mutant.site().line()));
            return;
        }
        MutateMain run = new MutateMain(args, LayerContext.fromSystemProperties());
        System.exit(run.run(mutators, mutants, String.join(" ", argv)));
    }

    private static Mutator mutatorOf(String lock) {
        Class<?> lockClass = LockRegistry.create(lock).getClass();
        if (lockClass.getClassLoader() == null || lockClass.getName().startsWith("java.")) {
            throw new IllegalArgumentException(lock + " is the JDK's " + lockClass.getName()
                    + ", whose classes the layers' JVMs load from the JDK itself: mutate a lock of the kit or your own");
        }
        return new Mutator(LockRegistry.named(lock).name(), lockClass);
    }

    /** The mutants to run: every site, one per operator with --quick, or those --mutants lists. */
    static List<Mutant> select(MutateArgs args, Map<String, Mutator> mutators) throws IOException {
        List<Mutant> all = new ArrayList<>();
        for (Mutator mutator : mutators.values()) {
            List<Mutant> ofLock = mutator.mutants(args.operators());
            if (args.quick()) {
                Map<Operator, Mutant> first = new LinkedHashMap<>();
                ofLock.forEach(mutant -> first.putIfAbsent(mutant.operator(), mutant));
                ofLock = new ArrayList<>(first.values());
            }
            all.addAll(ofLock);
        }
        if (args.mutantsFile() == null) {
            return all;
        }
        if (!Files.exists(args.mutantsFile()) || Files.isDirectory(args.mutantsFile())) { // a pipe reads as a file
            throw new IllegalArgumentException("--mutants " + args.mutantsFile() + ": "
                    + (Files.isDirectory(args.mutantsFile()) ? "a directory" : "no such file")
                    + "; name a file of mutant ids, one per line as --list prints them (ci/mutants-numa-mcs.txt is one)");
        }
        Set<String> wanted = Files.readAllLines(args.mutantsFile()).stream().map(line -> line.replaceAll("#\\s.*|^#.*", "").strip())
                .filter(line -> !line.isEmpty()).collect(Collectors.toCollection(LinkedHashSet::new));
        List<Mutant> chosen = all.stream().filter(mutant -> wanted.contains(mutant.id())).toList();
        Set<String> found = chosen.stream().map(Mutant::id).collect(Collectors.toSet());
        List<String> missing = wanted.stream().filter(id -> !found.contains(id)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(args.mutantsFile() + " lists mutants that the code no longer has: "
                    + String.join(", ", missing) + ". Update the file from a run without --mutants (results/mutate/*/mutants.csv).");
        }
        return chosen;
    }

    /** A row per mutant and layer, written as each ends. */
    private static final String CSV_FILE = "mutants.csv";
    /** The scores, the matrix and the survivors, written at the end. */
    private static final String REPORT_FILE = "report.md";
    /** The mutated classes, per lock and mutant. */
    private static final String MUTANTS_DIR = "mutants";
    /** The layers' output, per lock and mutant. */
    private static final String LOGS_DIR = "logs";
    /** What a run writes under its output directory: where one of them is, a run has been, or still is. */
    private static final List<String> RUN_OUTPUTS = List.of(CSV_FILE, REPORT_FILE, MUTANTS_DIR, LOGS_DIR);

    /**
     * Makes the directory for mutants.csv and report.md before any mutant runs.
     *
     * @throws IllegalArgumentException if it is a file, cannot be made, or holds an earlier run (or
     *     one still running), whose mutants and logs this one would overwrite under the same names
     */
    static void createOutputDirectory(Path out) {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + ": exists and is not a directory; name a directory (it is created if missing)");
        }
        for (String earlier : RUN_OUTPUTS) {
            if (Files.exists(out.resolve(earlier))) {
                throw new IllegalArgumentException("--out " + out + ": holds an earlier run (" + earlier
                        + "), which this one would overwrite; name a new directory, or move that run away");
            }
        }
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new IllegalArgumentException("--out " + out + ": cannot be created (" + e.getMessage()
                    + "); name a directory you can write to");
        }
    }

    private int run(Map<String, Mutator> mutators, List<Mutant> mutants, String command) throws Exception {
        Path out = args.out();
        mutators.forEach((lock, mutator) -> notRunByLock.put(lock, mutator.methodsNotRun(args.operators())));
        Thread reportOnExit = new Thread(() -> finish(out, command), "mutate-report");
        Runtime.getRuntime().addShutdownHook(reportOnExit);
        csv = Files.newBufferedWriter(out.resolve(CSV_FILE), StandardCharsets.UTF_8);
        csv.write(Row.CSV_HEADER + "\n");
        System.out.printf("mutate: %d mutants of %s, layers %s, %d at a time; results in %s%n", mutants.size(),
                String.join(", ", mutators.keySet()), args.layers().stream().map(Layer::label).collect(Collectors.joining(", ")),
                args.jobs(), out);
        for (Map.Entry<String, Mutator> entry : mutators.entrySet()) {
            if (!layersCanJudge(entry.getKey(), entry.getValue(), out)) {
                return 2;
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(args.jobs());
        AtomicInteger done = new AtomicInteger();
        for (Mutant mutant : mutants) {
            pool.submit(() -> {
                runMutant(mutators.get(mutant.lock()), mutant, out, done.incrementAndGet(), mutants.size());
                return null;
            });
        }
        pool.shutdown();
        pool.awaitTermination(365, TimeUnit.DAYS);
        Runtime.getRuntime().removeShutdownHook(reportOnExit);
        finish(out, command);
        long survivors = survivors();
        System.out.printf("mutate: %d mutants, %d survived every layer (those listed as equivalent aside); report: %s%n", mutants.size(), survivors,
                out.resolve(REPORT_FILE));
        return args.requireAllCaught() && survivors > 0 ? 1 : 0;
    }

    /**
     * Whether every layer can judge this lock's mutants: it passes on the original classes (else it
     * would "kill" every mutant for a reason of its own), and it fails on the canary because of the
     * canary (its message is in the log), which only a JVM running the mutated class can show.
     */
    private boolean layersCanJudge(String lock, Mutator mutator, Path out) throws IOException, InterruptedException {
        Path original = Files.createDirectories(out.resolve(MUTANTS_DIR).resolve(lock).resolve("ORIGINAL"));
        Path canary = mutator.writeCanary(out.resolve(MUTANTS_DIR).resolve(lock));
        for (Layer layer : args.layers()) {
            Run control = runLayer(layer, lock, original, out.resolve(LOGS_DIR).resolve(lock).resolve("ORIGINAL"));
            if (control.outcome() != Outcome.SURVIVED) {
                System.err.printf("mutate: the %s layer fails on the original classes of %s (%s: %s), so it would kill"
                        + " every mutant for a reason of its own. Log: %s%n", layer.label(), lock,
                        control.outcome().label(), control.caughtBy(), control.log());
                return false;
            }
            Run run = runLayer(layer, lock, canary, out.resolve(LOGS_DIR).resolve(lock).resolve("CANARY"));
            if (!run.outcome().caught() || !mentionsCanary(out.resolve(LOGS_DIR).resolve(lock).resolve("CANARY"))) {
                System.err.printf("mutate: the %s layer did not fail on the canary of %s (%s) with the canary's message:"
                        + " its JVMs do not run the mutated classes, so its verdicts would mean nothing. Log: %s%n",
                        layer.label(), lock, run.outcome().label(), run.log());
                return false;
            }
            System.out.printf("mutate: %s passes on the original %s (%.0f s) and fails on its canary (%.0f s)%n",
                    layer.label(), lock, control.seconds(), run.seconds());
        }
        return true;
    }

    /** Whether a file the layer wrote (its log, a report such as jcstress's) carries the canary's message. */
    private static boolean mentionsCanary(Path logs) throws IOException {
        try (var files = Files.walk(logs)) {
            return files.filter(Files::isRegularFile).anyMatch(file -> {
                try {
                    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8).contains(Mutator.CANARY_MESSAGE);
                } catch (IOException e) {
                    return false;
                }
            });
        }
    }

    private void runMutant(Mutator mutator, Mutant mutant, Path out, int index, int total) throws Exception {
        Path directory = mutator.write(mutant, out.resolve(MUTANTS_DIR).resolve(mutant.lock()));
        for (Layer layer : args.layers()) {
            Run run = runLayer(layer, mutant.lock(), directory,
                    out.resolve(LOGS_DIR).resolve(mutant.lock()).resolve(mutant.directoryName()));
            Outcome outcome = run.outcome() == Outcome.SURVIVED && TSO_MACHINE && orderingOnly(mutant.operator())
                    ? Outcome.NEEDS_AARCH64 : run.outcome();
            Row row = new Row(mutant, layer, outcome, run.caughtBy(), run.seconds());
            record(row);
            System.out.printf("[%d/%d] %s %s %s: %s%s (%.0f s)%n", index, total, mutant.lock(), mutant.id(), layer.label(),
                    outcome.label(), run.caughtBy().isEmpty() ? "" : " by " + run.caughtBy(), run.seconds());
        }
    }

    private static boolean orderingOnly(Operator operator) {
        return EnumSet.of(Operator.PLAIN_FIELD, Operator.PLAIN_VARHANDLE_ACCESS).contains(operator);
    }

    /** One layer's runs for a mutant; the first that does not pass decides. */
    private Run runLayer(Layer layer, String lock, Path mutant, Path logs) throws IOException, InterruptedException {
        Files.createDirectories(logs);
        long start = System.nanoTime();
        List<List<String>> commands = layer.commands(context, lock, mutant, logs);
        for (int i = 0; i < commands.size(); i++) {
            Path log = logs.resolve(layer.label() + (commands.size() > 1 ? "-" + (i + 1) : "") + ".log");
            Process process = new ProcessBuilder(commands.get(i)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            running.add(process);
            boolean finished;
            try {
                finished = process.waitFor(layer.timeoutSeconds(), TimeUnit.SECONDS);
            } finally {
                if (process.isAlive()) {
                    stop(process);
                }
                running.remove(process);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            Outcome outcome = finished ? Layer.outcomeOf(process.exitValue(), output) : Outcome.TIMED_OUT;
            if (outcome != Outcome.SURVIVED) {
                return new Run(outcome, finished ? firstFailure(output) : "stopped after " + layer.timeoutSeconds() + " s",
                        seconds(start), log);
            }
        }
        return new Run(Outcome.SURVIVED, "", seconds(start), logs);
    }

    private record Run(Outcome outcome, String caughtBy, double seconds, Path log) {
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** The first line that names a failure, for the report's "caught by". */
    static String firstFailure(String output) {
        return output.lines().map(String::strip)
                .filter(line -> line.startsWith("FAILED") || line.contains("HUNG") || line.contains("FAILED"))
                .findFirst().map(line -> line.length() > 200 ? line.substring(0, 200) + "..." : line)
                .orElse("exit status, no FAILED line");
    }

    private static void stop(Process process) throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor();
    }

    private synchronized void record(Row row) throws IOException {
        rows.add(row);
        csv.write(row.csv() + "\n");
        csv.flush();
    }

    private long survivors() {
        Map<Mutant, Map<Layer, Row>> byMutant = new LinkedHashMap<>();
        synchronized (rows) {
            rows.forEach(row -> byMutant.computeIfAbsent(row.mutant(), m -> new LinkedHashMap<>()).put(row.layer(), row));
        }
        return byMutant.entrySet().stream().filter(entry -> EQUIVALENTS.reason(entry.getKey()).isEmpty())
                .map(Map.Entry::getValue).filter(MutationReport::counted).filter(byLayer -> !MutationReport.caught(byLayer))
                .count();
    }

    /** Stops what still runs and writes the report from the rows finished so far. */
    private synchronized void finish(Path out, String command) {
        for (Process process : List.copyOf(running)) {
            try {
                stop(process);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            if (csv != null) {
                csv.flush();
            }
            List<Row> finished;
            synchronized (rows) {
                finished = List.copyOf(rows);
            }
            MutationReport.write(out.resolve(REPORT_FILE), finished, args.layers(), notRunByLock, EQUIVALENTS,
                    "./numaloom mutate " + command);
        } catch (IOException e) {
            System.err.println("mutate: could not write the report: " + e);
        }
    }

    /** A concurrent set of the child processes running now, for stopping them on exit. */
    private static final class ConcurrentSetOfProcesses {
        static Set<Process> create() {
            return java.util.concurrent.ConcurrentHashMap.newKeySet();
        }
    }
}
