package org.numaloom.mutation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The test layers a mutant runs through, each as the JVM(s) it normally runs in, with the mutant's
 * directory first on the class path. Exit codes: 0 passed, {@link #HUNG_EXIT} the layer's own
 * watchdog saw a hang, {@link #INVALID_EXIT} the mutated class did not load, anything else failed.
 */
public enum Layer {
    /**
     * The locks module's JUnit suites (contract, ReentrantLock oracle, queued interrupts, per lock).
     * Not LayoutTest, nor the integration tests (*IT: ModulePathIT checks the packaged jar, which
     * holds no mutant, and needs failsafe's settings), nor LockRegistryTest, which checks the
     * registry of the kit's own build: with a user's jar on the class path it lists more locks.
     */
    JUNIT(240) {
        @Override
        List<List<String>> commands(LayerContext context, String lock, Path mutant, Path work) {
            return List.of(context.java(context.junitClassPath(mutant), List.of("-D" + LOCKS_PROPERTY + "=" + lock),
                    JunitLayer.class.getName(), List.of("org.numaloom.locks", ".*LayoutTest|.*IT|.*\\.LockRegistryTest")));
        }
    },
    /** The virtual-thread harness of stress/, on one carrier and on two. */
    VTHREADS(240) {
        @Override
        List<List<String>> commands(LayerContext context, String lock, Path mutant, Path work) {
            List<List<String>> runs = new ArrayList<>();
            for (int carriers : new int[] {1, 2}) {
                runs.add(context.java(context.stressClassPath(mutant),
                        List.of("-Djdk.virtualThreadScheduler.parallelism=" + carriers,
                                "-Djdk.virtualThreadScheduler.maxPoolSize=" + carriers),
                        "org.numaloom.stress.vthreads.VirtualThreadStress",
                        List.of(lock, "2000", "12", "60")));
            }
            return runs;
        }
    },
    /**
     * Every jcstress test of stress/ for the lock and its variants (NUMA_MCS over spread nodes, which
     * parks at once and hands off at every chance), in quick mode with the one JVM configuration of
     * the test command's budgeted run: with jcstress's full set of configurations, the check of the
     * original NUMA_MCS and its variant alone (372 results) had 50 done after 3.5 minutes on 2 cores.
     * It stops at its first failed test, or at its first hung fork ({@link #HUNG_EXIT}): a lock that
     * loses a wake-up leaves test after test to a time-out (two such mutants had taken 683 s and 781 s).
     */
    JCSTRESS(1200) {
        @Override
        List<List<String>> commands(LayerContext context, String lock, Path mutant, Path work) {
            return List.of(context.java(context.stressClassPath(mutant), List.of("-D" + LOCKS_PROPERTY + "=" + lock),
                    "org.numaloom.stress.jcstress.JcstressRun",
                    List.of("--mode", "quick", "--budget", "--stop-at-first-failure",
                            "--report", work.resolve("jcstress").toString())));
        }
    },
    /** Lincheck model checking and stress of linearizability/ for the lock. */
    LINCHECK(900) {
        @Override
        List<List<String>> commands(LayerContext context, String lock, Path mutant, Path work) {
            return List.of(context.java(context.lincheckClassPath(mutant),
                    List.of("-XX:+EnableDynamicAgentLoading", "-Dnumaloom.lincheck.locks=" + lock,
                            "-D" + JunitLayer.TIMEOUT_PROPERTY + "=10 m"),
                    JunitLayer.class.getName(), List.of("org.numaloom.linearizability")));
        }
    };

    /** The property that limits the locks module's lock cases to one lock (LockCases.ONLY_PROPERTY). */
    static final String LOCKS_PROPERTY = "numaloom.locks";
    static final int HUNG_EXIT = 3;
    static final int INVALID_EXIT = 4;

    private final long timeoutSeconds;

    Layer(long timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
    }

    /** The command lines of the layer's runs for the mutant; every one must pass. */
    abstract List<List<String>> commands(LayerContext context, String lock, Path mutant, Path work);

    /** How long the runner lets one run go before it stops it ({@link Outcome#TIMED_OUT}). */
    long timeoutSeconds() {
        return timeoutSeconds;
    }

    /** The name on the command line and in the results: {@code junit}, {@code vthreads}, ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Layer named(String label) {
        for (Layer layer : values()) {
            if (layer.label().equals(label)) {
                return layer;
            }
        }
        throw new IllegalArgumentException("unknown layer '" + label + "'; layers: junit, jcstress, lincheck, vthreads");
    }

    /** The outcome of one run from its exit code and output. */
    static Outcome outcomeOf(int exitCode, String output) {
        if (exitCode == 0) {
            return Outcome.SURVIVED;
        }
        if (exitCode == INVALID_EXIT || output.contains("java.lang.VerifyError") || output.contains("java.lang.ClassFormatError")) {
            return Outcome.INVALID;
        }
        return exitCode == HUNG_EXIT ? Outcome.HUNG : Outcome.KILLED;
    }
}
