package org.numaloom.perf.bench;

import java.util.List;

import org.numaloom.locks.placement.CpuLocator;

/**
 * The JVM flags of the benchmark forks, as compile-time constants so that {@code @Fork} annotations
 * can name them.
 *
 * <p>The library's flags are written once, in pom.xml ({@code numaloom.jvmFlags}, which says why
 * each is there); an annotation cannot read a file, so {@link #NATIVE_ACCESS} and
 * {@link #OPEN_JAVA_LANG} repeat them, and {@code JvmFlagsTest} fails when {@link #LIBRARY} differs
 * from pom.xml's list. {@code --sun-misc-unsafe-memory-access=allow}, which silences JDK 24+'s
 * warning about JMH's use of {@code sun.misc.Unsafe}, is not here: JDK 21 refuses to start with
 * it. The launcher gives it to the JVM running JMH on JDK 24+, and forks that append to inherited
 * flags get it from there.
 */
public final class JvmFlags {
    public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";
    /** {@code --add-opens java.base/java.lang=ALL-UNNAMED}, in the one-argument form a fork's argument list needs. */
    public static final String OPEN_JAVA_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    /** The library's flags, in pom.xml's order. */
    public static final List<String> LIBRARY = List.of(NATIVE_ACCESS, OPEN_JAVA_LANG);

    /** Makes JMH run its benchmark threads as virtual threads (JMH 1.37 and later). */
    public static final String VIRTUAL_BENCHMARK_THREADS = "-Djmh.executor=VIRTUAL";

    private JvmFlags() {
    }

    /**
     * Stops a lock benchmark's fork that runs without the library's flags, which a hand-run JMH
     * drops easily: {@code -jvmArgsAppend} on its command line replaces a benchmark's own
     * {@code @Fork(jvmArgsAppend)} instead of adding to it. Without {@link #OPEN_JAVA_LANG} the kit's
     * locks cannot see carriers: their waiters spin on unmounted holders and every look-up asks the
     * kernel, so the run would measure another lock than the one shipped, and say nothing.
     */
    static void requireLibraryFlags() {
        requireLibraryFlags(CpuLocator.carriersVisible());
    }

    static void requireLibraryFlags(boolean carriersVisible) {
        if (!carriersVisible) {
            throw new IllegalStateException("this benchmark fork runs without " + OPEN_JAVA_LANG + ", so the kit's"
                    + " locks cannot see carrier threads and would be measured in their degraded mode. JMH's"
                    + " -jvmArgsAppend replaces the benchmark's own flags: give them again (-jvmArgsAppend \""
                    + String.join(" ", LIBRARY) + " ...\"), or run ./numaloom bench, which passes them");
        }
    }
}
