package org.numaloom.perf.bench;

/**
 * The JVM flags of the benchmark forks, as compile-time constants so that {@code @Fork} annotations
 * can name them.
 *
 * <p>JNA (the locks' {@code sched_getcpu}) needs native access. Opening {@code java.lang} lets the
 * locks see the carrier of a virtual thread and cache its CPU; without it they ask the kernel on every
 * look-up. {@code --sun-misc-unsafe-memory-access=allow}, which silences JDK 24+'s warning about JMH's
 * use of {@code sun.misc.Unsafe}, is not here: JDK 21 refuses to start with it. The launcher gives it
 * to the JVM running JMH on JDK 24+, and forks that append to inherited flags get it from there.
 */
public final class JvmFlags {
    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** {@code --add-opens java.base/java.lang=ALL-UNNAMED}, in the one-argument form a fork's argument list needs. */
    public static final String OPEN_JAVA_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";

    /** Makes JMH run its benchmark threads as virtual threads (JMH 1.37 and later). */
    public static final String VIRTUAL_BENCHMARK_THREADS = "-Djmh.executor=VIRTUAL";

    private JvmFlags() {
    }
}
