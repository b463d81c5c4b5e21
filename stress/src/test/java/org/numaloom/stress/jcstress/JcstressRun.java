package org.numaloom.stress.jcstress;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.numaloom.locks.BrokenLocks;
import org.numaloom.locks.LockCases;
import org.numaloom.locks.registry.LockType;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.infra.runners.TestList;

/**
 * Runs the generated jcstress tests of the chosen locks in one jcstress invocation, and prints the
 * verdict per lock and test.
 *
 * <p>One invocation for everything, because each one pays jcstress's fixed start-up (probing the
 * JVM's options, about two minutes under QEMU). jcstress runs in this JVM and forks one JVM per
 * test and configuration, with this JVM's class path; its HTML report goes to the report
 * directory, and so does its binary result file, which is read back here to grade every test that
 * was asked for (one that has no result fails).
 *
 * <p>A real lock passes if every test passed. A negative control passes, as a control, if at
 * least one test caught it; the summary says which. The exit status is 0 only if every real lock
 * passed and every negative control was caught; 1 otherwise; 2 when nothing could run: bad
 * arguments, or a build with no generated test; {@value #STOPPED_AT_A_HANG} when a fork hung and
 * {@code --stop-at-first-failure} was given.
 *
 * <p>Usage: {@code JcstressRun [--mode MODE] [--lock NAME]... [--test NAME]...
 * [--negative-controls] [--budget] [--no-split-compilation] [--stop-at-first-failure]
 * [--report DIR]}. Without {@code --lock}, every lock case of the kit ({@link LockCases});
 * {@code --negative-controls} adds every control of {@link BrokenLocks}; a control may also be
 * named with {@code --lock}. {@code --budget} runs every test in one JVM configuration (C2 with
 * jcstress's randomizing stress flags) instead of jcstress's several (the interpreter, C1, C2,
 * each actor in its own mode): one fork per test instead of four to fourteen, for the budgeted run
 * inside {@code ./numaloom test}. {@code --no-split-compilation} keeps jcstress's configurations
 * but compiles every actor of a fork the same way (the interpreter, C1 or C2, each in its own
 * fork) instead of each actor its own way: every compiler still runs the test, in fewer forks
 * (CI's emulated aarch64 pass, where a fork costs seconds).
 *
 * <p>A forked JVM that hangs is killed by a {@link ForkWatchdog}, with a thread dump in the
 * report directory, and its test fails. With {@code --stop-at-first-failure} (the mutation
 * layer's, for which one failure is the verdict) the run ends at the first test that jcstress
 * counts as failed or in error ({@link FailureWatch}) or the first fork the watchdog kills, its
 * other forks killed, instead of going on: a lock that loses a wake-up leaves test after test to
 * a time-out, jcstress's own or the watchdog's (two such mutants had taken 683 s and 781 s).
 */
public final class JcstressRun {
    static final List<String> MODES = List.of("sanity", "quick", "default", "tough", "stress");
    /**
     * The exit status of a run stopped at a fork the watchdog killed ({@code --stop-at-first-failure}):
     * the mutation layer reads it as its runs' "hung" ({@code Layer.HUNG_EXIT}).
     */
    static final int STOPPED_AT_A_HANG = 3;

    private String mode = "quick";
    private final Set<LockType> locks = new LinkedHashSet<>();
    private final Set<String> tests = new LinkedHashSet<>();
    private Path reportDir = Path.of("jcstress-report");
    private final Set<String> skippedInSanityMode = new TreeSet<>();
    private boolean budget;
    private boolean splitCompilation = true;
    private boolean stopAtFirstFailure;

    public static void main(String[] args) throws Exception {
        JcstressRun run = new JcstressRun();
        List<String> selected = null;
        try {
            run.parse(args);
            selected = run.selectedTests();
        } catch (IllegalArgumentException | IllegalStateException bad) { // options, providers, a build without tests
            System.err.println("jcstress: " + bad.getMessage());
            System.exit(2);
        }
        System.exit(run.run(selected) ? 0 : 1);
    }

    void parse(String[] args) {
        boolean negativeControls = false;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--negative-controls" -> negativeControls = true;
                case "--budget" -> budget = true;
                case "--no-split-compilation" -> splitCompilation = false;
                case "--stop-at-first-failure" -> stopAtFirstFailure = true;
                case "--mode", "--lock", "--test", "--report" -> {
                    if (i + 1 >= args.length || args[i + 1].isBlank()) {
                        throw new IllegalArgumentException(option + " needs a value");
                    }
                    String value = args[++i];
                    switch (option) {
                        case "--mode" -> mode = modeNamed(value);
                        case "--lock" -> locks.add(LockCases.named(value));
                        case "--test" -> tests.add(testNamed(value));
                        default -> reportDir = Path.of(value);
                    }
                }
                default -> throw new IllegalArgumentException("unknown option '" + option
                        + "'; usage: [--mode " + String.join("|", MODES)
                        + "] [--lock NAME]... [--test NAME]... [--negative-controls] [--budget] [--no-split-compilation]"
                        + " [--stop-at-first-failure]"
                        + " [--report DIR]");
            }
        }
        if (locks.isEmpty()) {
            locks.addAll(LockCases.all());
        }
        if (negativeControls) {
            locks.addAll(BrokenLocks.all());
        }
        if (tests.isEmpty()) {
            tests.addAll(testNames());
        }
    }

    private static String modeNamed(String name) {
        if (!MODES.contains(name)) {
            throw new IllegalArgumentException("unknown mode '" + name + "'; valid modes: " + String.join(", ", MODES));
        }
        return name;
    }

    private static String testNamed(String name) {
        for (String test : testNames()) {
            if (test.equalsIgnoreCase(name)) {
                return test;
            }
        }
        throw new IllegalArgumentException("unknown test '" + name + "'; valid tests: " + String.join(", ", testNames()));
    }

    /** The tests of the template, as the build generated them (those of any one lock). */
    static SortedSet<String> testNames() {
        SortedSet<String> names = new TreeSet<>();
        for (String test : generatedTests()) {
            names.add(test.substring(test.lastIndexOf('.') + 1));
        }
        if (names.isEmpty()) {
            throw new IllegalStateException("no generated jcstress test on the class path (META-INF/TestList): was the"
                    + " stress module built with jcstress-core as an annotation processor?");
        }
        return names;
    }

    private static List<String> generatedTests() {
        return TestList.tests().stream().filter(test -> test.startsWith(JcstressResults.TEST_PREFIX)).toList();
    }

    /**
     * The jcstress names of the chosen tests of the chosen locks, each of which must exist. Sanity
     * mode runs a termination test for 0 ms, which takes no sample and proves nothing: those tests
     * are left out of a sanity run, and the run says so.
     */
    List<String> selectedTests() {
        Set<String> generated = Set.copyOf(generatedTests());
        List<String> selected = new ArrayList<>();
        for (LockType lock : locks) {
            for (String test : tests) {
                String name = JcstressResults.TEST_PREFIX + lock.name() + "." + test;
                if (mode.equals("sanity") && generated.contains(name) && isTerminationTest(name)) {
                    skippedInSanityMode.add(test);
                    continue;
                }
                if (!generated.contains(name)) {
                    throw new IllegalArgumentException("no generated jcstress test " + name + ": lock " + lock.name()
                            + " was not known when the stress module was built: name the jar of its provider in"
                            + " NUMALOOM_CLASSPATH and run ./numaloom jcstress in the kit's checkout, which builds the"
                            + " tests of its locks (a bundle's are built in advance)");
                }
                selected.add(name);
            }
        }
        if (selected.isEmpty()) {
            throw new IllegalArgumentException("no test left to run: sanity mode runs no termination test");
        }
        return selected;
    }

    private static boolean isTerminationTest(String name) {
        return TestList.getInfo(name).cases().stream().anyMatch(outcome -> outcome.matches("STALE"));
    }

    boolean run(List<String> selected) throws Exception {
        if (!skippedInSanityMode.isEmpty()) {
            System.out.println("jcstress: sanity mode takes no sample of termination tests; not run: "
                    + String.join(", ", skippedInSanityMode) + " (use --mode quick or higher)");
        }
        Files.createDirectories(reportDir);
        if (stopAtFirstFailure) {
            System.setOut(new PrintStream(new FailureWatch(System.out, this::afterAFailedTest), true, StandardCharsets.UTF_8));
        }
        Options options = new Options(jcstressArguments(selected).toArray(String[]::new));
        if (!options.parse()) {
            throw new IllegalStateException("jcstress rejected its arguments");
        }
        try (ForkWatchdog watchdog = new ForkWatchdog(forkLimit(), reportDir, this::afterAHungFork)) {
            new JCStress(options).run();
        } catch (AssertionError | RuntimeException failures) {
            // jcstress ends a run with failures by throwing; the verdicts come from the results.
            System.out.println("jcstress: " + summaryOf(failures));
        }
        Path resultFile = Path.of(options.getResultFile());
        if (!Files.exists(resultFile)) {
            throw new IllegalStateException("jcstress left no result file " + resultFile);
        }
        Path keptResultFile = Files.move(resultFile, reportDir.resolve(resultFile.getFileName()),
                StandardCopyOption.REPLACE_EXISTING);
        JcstressResults results = JcstressResults.read(keptResultFile, selected);
        results.write(reportDir);
        return report(results);
    }

    /**
     * What the run does once the watchdog killed a hung fork: nothing more (jcstress fails that
     * test and goes on) unless it stops at the first failure.
     */
    private void afterAHungFork() {
        if (stopAtFirstFailure) {
            stop("HUNG: stopped at the first hung fork", STOPPED_AT_A_HANG);
        }
    }

    /** What the run does once jcstress counted a failed test ({@code verdict}), having been asked to stop there. */
    private void afterAFailedTest(String verdict) {
        stop("FAILED: stopped at the first failed test (" + verdict + ")", 1);
    }

    /**
     * Ends the run with {@code status}, saying why, after killing the forks still running, which
     * would outlive this JVM. On a thread of its own: the caller may hold the console's lock, which
     * the exit's shutdown hooks may need.
     */
    private static void stop(String why, int status) {
        Thread.ofPlatform().name("jcstress-stop").start(() -> {
            System.out.println("jcstress: " + why + " (--stop-at-first-failure); the other tests not run");
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
            System.exit(status);
        });
    }

    /** Whether the run ends at its first failed test or hung fork; for tests. */
    boolean stopsAtFirstFailure() {
        return stopAtFirstFailure;
    }

    /**
     * One line for what jcstress threw: its class and the first line of its message. jcstress's
     * own verdict is an {@code AssertionError} whose message lists every failed test over many
     * lines; anything else that escapes it may have no message at all, and then its class is all
     * there is to tell.
     */
    static String summaryOf(Throwable failures) {
        return failures.toString().lines().findFirst().orElse("");
    }

    /** How long one of jcstress's forks may run before the watchdog kills it as hung. */
    Duration forkLimit() {
        return ForkWatchdog.limit(budget);
    }

    List<String> jcstressArguments(List<String> selected) {
        String filter = selected.stream().map(Pattern::quote).collect(Collectors.joining("|", "^(", ")$"));
        List<String> arguments = new ArrayList<>(List.of("-m", mode, "-t", filter, "-r", reportDir.toString()));
        if (budget || !splitCompilation) {
            arguments.addAll(List.of("-sc", "false"));
        }
        if (budget) {
            arguments.addAll(List.of("-jvmArgs", String.join(" ", budgetJvmArguments())));
        }
        // Otherwise every forked JVM gets this JVM's flags (jcstress passes them on), so the
        // launcher's flags for the locks, and -Djna.tmpdir, reach the tests.
        return arguments;
    }

    /**
     * The one JVM configuration of a budgeted run: this JVM's flags, and C2 with its scheduling and
     * optimization randomized (what jcstress's own stress configurations add), the configuration
     * most likely to reorder memory accesses that the Java memory model leaves free.
     */
    private static List<String> budgetJvmArguments() {
        List<String> flags = new ArrayList<>(ManagementFactory.getRuntimeMXBean().getInputArguments());
        flags.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+StressLCM", "-XX:+StressGCM", "-XX:+StressIGVN",
                "-XX:+StressCCP"));
        return flags;
    }

    static boolean isNegativeControl(String lock) {
        return BrokenLocks.all().stream().anyMatch(control -> control.name().equals(lock));
    }

    private boolean report(JcstressResults results) {
        boolean ok = true;
        System.out.println();
        System.out.println("numaloom jcstress, mode " + mode + ": every lock x test");
        results.printTable(System.out);
        System.out.println();
        for (LockType lock : locks) {
            List<JcstressResults.Verdict> verdicts = results.of(lock.name());
            List<String> failed = verdicts.stream().filter(v -> !v.passed()).map(JcstressResults.Verdict::test).toList();
            if (isNegativeControl(lock.name())) {
                boolean caught = !failed.isEmpty();
                ok &= caught;
                System.out.println("negative control " + lock.name() + ": "
                        + (caught ? "caught by " + String.join(", ", failed) : "NOT CAUGHT: the suite passed a broken lock"));
            } else if (!failed.isEmpty()) {
                ok = false;
                System.out.println(lock.name() + ": FAILED " + String.join(", ", failed));
            }
        }
        long realFailures = results.verdicts().stream()
                .filter(v -> !v.passed() && !isNegativeControl(v.lock())).count();
        System.out.printf("%d tests, %d failed on real locks; HTML report: %s%n", results.verdicts().size(), realFailures,
                reportDir.toAbsolutePath().resolve("index.html"));
        return ok;
    }
}
