package org.numaloom.mutation;

import static org.junit.platform.engine.discovery.ClassNameFilter.excludeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs the JUnit tests of a package in this JVM and says how they ended through the exit code
 * {@link Layer} reads: 0 all passed (tests aborted by an assumption aside), 1 a test failed, {@link Layer#HUNG_EXIT} a test ran past its
 * time-out (the suite's own watchdog), {@link Layer#INVALID_EXIT} a class did not load (the
 * mutant is no mutant), 2 no test ran. The first failure is printed as one {@code FAILED} line and
 * ends the run: one failed test is enough to kill a mutant, and the rest would only take time
 * (a mutant that hangs the lock hangs test after test).
 *
 * <p>Tests get {@value #TIMEOUT} each unless they say otherwise, or the system property
 * {@value #TIMEOUT_PROPERTY} gives another default: the locks' suites take seconds per test, and
 * a mutant that hangs one should be told from one that fails before the runner stops the layer;
 * Lincheck's model checking of one lock takes minutes.
 *
 * <p>Usage: {@code JunitLayer PACKAGE [EXCLUDED_CLASS_NAME_REGEX]}.
 */
public final class JunitLayer {
    static final String TIMEOUT = "30 s";
    static final String TIMEOUT_PROPERTY = "numaloom.mutate.testTimeout";

    private JunitLayer() {
    }

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: JunitLayer PACKAGE [EXCLUDED_CLASS_NAME_REGEX]");
            System.exit(2);
        }
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectPackage(args[0]))
                .configurationParameter("junit.jupiter.execution.timeout.default", System.getProperty(TIMEOUT_PROPERTY, TIMEOUT));
        if (args.length == 2) {
            request.filters(excludeClassNamePatterns(args[1]));
        }
        Failures failures = new Failures();
        LauncherDiscoveryRequest discovery = request.build();
        LauncherFactory.create().execute(discovery, failures);
        System.out.println("junit: " + failures.testsRun + " tests, " + failures.all.size() + " failed");
        System.exit(failures.exitCode());
    }

    /** Collects the failed tests and what they failed with. */
    private static final class Failures implements TestExecutionListener {
        private final List<Throwable> all = new ArrayList<>();
        private int testsRun;

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (test.isTest() && ran(result)) {
                testsRun++;
            }
            if (!failed(result)) {
                return;
            }
            Throwable thrown = result.getThrowable().orElse(new AssertionError("failed without an exception"));
            all.add(thrown);
            System.out.println("FAILED " + testClassOf(test) + test.getLegacyReportingName() + ": "
                    + firstLineOf(thrown) + causeOf(thrown));
            System.out.flush();
            System.exit(exitCode());
        }

        int exitCode() {
            if (all.isEmpty()) {
                return testsRun == 0 ? 2 : 0;
            }
            if (all.stream().anyMatch(JunitLayer::failedToLoad)) {
                return Layer.INVALID_EXIT;
            }
            return all.stream().allMatch(JunitLayer::timedOut) ? Layer.HUNG_EXIT : 1;
        }
    }

    /**
     * Whether a test's (or a container's) result kills the run: a failure does, a success does not,
     * and neither does an abort, a test whose assumption did not hold for this lock (the contract
     * suite's reentrancy tests for a lock that does not claim reentrancy).
     */
    static boolean failed(TestExecutionResult result) {
        return result.getStatus() == TestExecutionResult.Status.FAILED;
    }

    /**
     * Whether a test counts as run: not one aborted by its assumption, so that a layer whose every
     * test was skipped for this lock says that no test ran instead of passing.
     */
    static boolean ran(TestExecutionResult result) {
        return result.getStatus() != TestExecutionResult.Status.ABORTED;
    }

    private static String firstLineOf(Throwable thrown) {
        return thrown.toString().lines().findFirst().orElse("");
    }

    /**
     * {@code "; root cause: ..."} where the failure wraps another throwable: an {@code assertThrows}
     * that got the wrong exception names only its type, and the canary's message is in the cause.
     */
    private static String causeOf(Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == thrown ? "" : "; root cause: " + firstLineOf(root);
    }

    /** {@code LockContractTest.} for a test of that class, from the test's unique id. */
    private static String testClassOf(TestIdentifier test) {
        java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\\[class:(?:[\\w$]+\\.)*([\\w$]+)\\]")
                .matcher(test.getUniqueId());
        return matcher.find() ? matcher.group(1) + "." : "";
    }

    private static boolean failedToLoad(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof VerifyError || cause instanceof ClassFormatError) {
                return true;
            }
        }
        return false;
    }

    private static boolean timedOut(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof TimeoutException || cause.getClass().getSimpleName().contains("Timeout")) {
                return true;
            }
        }
        return false;
    }
}
