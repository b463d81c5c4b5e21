package org.numaloom.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.numaloom.locks.registry.LockRegistry;

/**
 * A lock's first contended acquisitions initialize none of the kit's classes, nor JNA or the
 * JDK's logging: the one-time work of its slow path (binding the kernel's {@code sched_getcpu}
 * through JNA, the warning that carriers are hidden, the reflection that finds a virtual thread's
 * carrier, the host's CPU count) is done when the lock is built.
 *
 * <p>Why it matters: a virtual thread that runs a class initializer, or waits for another thread
 * to finish one, keeps its carrier (JEP 491 left class initialization pinning), and the first
 * contended acquisitions come many at once. With the binding done lazily, one contender
 * initialized the JNA binding, whose logging set-up waited for a logger monitor held by a second,
 * unmounted contender (it was logging the hidden-carriers warning), while a third waited for the
 * binding on the only other carrier: every carrier was held and the JVM stopped, at 0% CPU (a
 * high-contention benchmark fork of NUMA_MCS, 2 carriers, hidden carriers).
 *
 * <p>Each lock runs in a child JVM ({@link FirstContention}) with {@code -Xlog:class+init=info},
 * whose output names the thread that initialized each class (for a virtual thread, its carrier);
 * the test fails if a contender initialized a class of the kit that has an initializer, of JNA or
 * of the JDK's logging, if an acquisition was lost, and on a hang.
 * Carriers hidden (the kit's flags without {@code --add-opens}) and visible are both run: the
 * look-ups differ.
 */
class FirstContentionTest {
    private static final long CHILD_SECONDS = 60;
    /** The names of the default scheduler's carriers, which the log names for the virtual threads they run. */
    private static final String CARRIER_PREFIX = "ForkJoinPool-";
    /** A class with an initializer ({@code 'name'(no method)} marks one without). */
    private static final Pattern INITIALIZED_BY = Pattern.compile("Initializing '([^']+)' \\(.* by thread \"([^\"]+)\"");

    /** The registered locks (those -Dnumaloom.locks selects), not the suites' spread-node variants. */
    static Stream<Arguments> locksAndCarrierVisibility() {
        return LockCases.onlySelected(LockRegistry.all()).stream()
                .flatMap(type -> Stream.of(Arguments.of(type.name(), true), Arguments.of(type.name(), false)));
    }

    @ParameterizedTest(name = "{0}, carriers visible: {1}")
    @MethodSource("locksAndCarrierVisibility")
    void theFirstContendersInitializeNoClassOfTheKitJnaOrLogging(String lock, boolean carriersVisible) throws Exception {
        List<String> options = new ArrayList<>(ChildJvm.kitFlags());
        if (!carriersVisible) {
            options.removeIf(flag -> flag.startsWith("--add-opens"));
        }
        options.addAll(ChildJvm.carrierOptions(2));
        options.add("-Xlog:class+init=info");
        ChildJvm.Result result = ChildJvm.run(FirstContention.class, options, CHILD_SECONDS, lock);

        assertFalse(result.hung(), () -> lock + ": the contenders did not finish in " + CHILD_SECONDS + " s");
        assertEquals(0, result.exitCode(), () -> lock + ": the child JVM failed:\n" + tail(result.output()));
        assertTrue(result.output().lines().anyMatch(FirstContention.DONE::equals), () -> lock + ": no '" + FirstContention.DONE + "' line");
        List<String> byCarriers = new ArrayList<>();
        boolean kitClassesLogged = false;
        Matcher line = INITIALIZED_BY.matcher(result.output());
        while (line.find()) {
            kitClassesLogged |= line.group(1).startsWith("org/numaloom/");
            if (line.group(2).startsWith(CARRIER_PREFIX) && mustNotBlockACarrier(line.group(1))) {
                byCarriers.add(line.group(1).replace('/', '.'));
            }
        }
        assertTrue(kitClassesLogged, "the class-initialization log names no class of the kit: has the format of"
                + " -Xlog:class+init changed? Expected lines like: Initializing 'a/B' (0x...) by thread \"name\"");
        assertTrue(byCarriers.isEmpty(), () -> lock + ": contending virtual threads initialized " + byCarriers
                + "; do that when the lock is built (CpuLocator.prepare, AbstractReentrantLock's static initializer)");
    }

    /** The kit's own classes with an initializer, JNA's and the JDK's logging. */
    private static boolean mustNotBlockACarrier(String className) {
        return Stream.of("org/numaloom/", "com/sun/jna/", "java/util/logging/", "jdk/internal/logger/", "sun/util/logging/")
                .anyMatch(className::startsWith);
    }

    private static String tail(String output) {
        return output.substring(Math.max(0, output.length() - 4000));
    }
}
