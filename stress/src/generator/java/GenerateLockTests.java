import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.numaloom.locks.registry.LockRegistry;
import org.numaloom.locks.registry.LockType;
import org.numaloom.locks.LockCases;

/**
 * Writes the jcstress tests of every lock the stress suite knows, from one template: for each lock,
 * a copy of the template with the placeholder {@value #PLACEHOLDER} replaced by the lock's name, as
 * {@code org/numaloom/stress/jcstress/generated/NAME.java}. The template's pair block (between
 * {@value #PAIR_BEGIN} and {@value #PAIR_END}) is written once for every pair of ways of asking for
 * the lock ({@link #WAYS}); the pair LOCK, LOCK is named {@value #MUTUAL_EXCLUSION}. jcstress tests are classes that its
 * annotation processor compiles into runners, so the lock under test has to be fixed in the source;
 * generating the classes keeps one source of truth for every lock, including locks that a
 * LockProvider on the class path registers.
 *
 * <p>Runs at the generate-test-sources phase as a single-file program ({@code java
 * GenerateLockTests.java TEMPLATE OUTPUT_DIR --user-class-path=PATH}) with the module's test class
 * path, before the test sources are compiled; so it may use only the dependencies' classes, not
 * this module's own test classes. {@code PATH} (empty for none) holds a user's own locks, the jars
 * that {@code NUMALOOM_CLASSPATH} names: their providers' locks get tests too. A generated test
 * names its lock and looks it up at run time, so only the names are needed here, and the jars need
 * not be on the class path the tests are compiled with, only on the one they run with. The output
 * directory is emptied first, so that a lock that left the registry leaves no test behind.
 */
public final class GenerateLockTests {
    static final String PLACEHOLDER = "__LOCK__";
    static final String PACKAGE_DIR = "org/numaloom/stress/jcstress/generated";
    static final String PAIR_BEGIN = "// PAIR-BEGIN";
    static final String PAIR_END = "// PAIR-END";
    /** The name of the pair lock(), lock(): the plain test of mutual exclusion. */
    static final String MUTUAL_EXCLUSION = "MutualExclusion";

    /**
     * A way of asking for the lock: a constant of the tests' {@code Acquisition} enum (a name the
     * generated code must compile against), its part of a test's name, the call, and whether it
     * may return without the lock.
     */
    record Way(String constant, String name, String call, boolean mayFail) {
    }

    static final List<Way> WAYS = List.of(
            new Way("LOCK", "Lock", "lock()", false),
            new Way("INTERRUPTIBLY", "Interruptibly", "lockInterruptibly()", false),
            new Way("TRY", "Try", "tryLock()", true),
            new Way("TIMED_TRY", "TimedTry", "tryLock(timeout)", true));

    static final String USER_CLASS_PATH = "--user-class-path=";

    public static void main(String[] args) throws IOException {
        if (args.length != 3 || !args[2].startsWith(USER_CLASS_PATH)) {
            System.err.println("usage: java GenerateLockTests.java TEMPLATE OUTPUT_DIR " + USER_CLASS_PATH + "[PATH]");
            System.exit(2);
        }
        List<String> locks = new ArrayList<>(LockCases.withNegativeControls().stream().map(LockType::name).toList());
        for (String userLock : lockNamesOf(args[2].substring(USER_CLASS_PATH.length()))) {
            if (!locks.contains(userLock)) {
                locks.add(userLock);
            }
        }
        String template = expandPairs(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8), args[0]);
        if (!template.contains(PLACEHOLDER)) {
            throw new IllegalArgumentException(args[0] + " has no " + PLACEHOLDER + " placeholder");
        }
        Path outputDir = Path.of(args[1]);
        deleteRecursively(outputDir);
        Path packageDir = Files.createDirectories(outputDir.resolve(PACKAGE_DIR));
        for (String lock : locks) {
            Files.writeString(packageDir.resolve(lock + ".java"), template.replace(PLACEHOLDER, lock), StandardCharsets.UTF_8);
        }
        System.out.println("GenerateLockTests: jcstress tests for " + locks.size() + " locks in " + packageDir);
    }

    /**
     * The names of the locks registered with {@code classPath} added to this program's class path
     * ({@link LockRegistry#foundBy}, over a class loader with those entries); the kit's own are
     * among them, and the caller skips them.
     */
    static List<String> lockNamesOf(String classPath) throws IOException {
        if (classPath.isBlank()) {
            return List.of();
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (!Files.exists(path)) {
                throw new IllegalArgumentException("the user class path names " + entry + ", which does not exist");
            }
            try {
                urls.add(path.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("the user class path names " + entry + ", not a path: " + e.getMessage(), e);
            }
        }
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), GenerateLockTests.class.getClassLoader())) {
            return LockRegistry.foundBy(loader).stream().map(LockType::name).toList();
        }
    }

    /** The template with its pair block written out for every pair of ways. */
    static String expandPairs(String template, String name) {
        int begin = template.indexOf(PAIR_BEGIN);
        int end = template.indexOf(PAIR_END);
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException(name + " has no " + PAIR_BEGIN + " ... " + PAIR_END + " block");
        }
        int blockStart = template.lastIndexOf('\n', begin) + 1;
        int blockEnd = template.indexOf('\n', end) + 1;
        String block = template.substring(template.indexOf('\n', begin) + 1, template.lastIndexOf('\n', end) + 1);
        StringBuilder pairs = new StringBuilder();
        for (int i = 0; i < WAYS.size(); i++) {
            for (int j = i; j < WAYS.size(); j++) {
                pairs.append(pair(block, WAYS.get(i), WAYS.get(j))).append('\n');
            }
        }
        return template.substring(0, blockStart) + pairs.toString().stripTrailing() + "\n"
                + template.substring(blockEnd);
    }

    private static String pair(String block, Way first, Way second) {
        StringBuilder test = new StringBuilder();
        for (String line : block.split("\n", -1)) {
            String kept = conditional(conditional(line, "__FIRST__", first), "__SECOND__", second);
            if (kept != null) {
                test.append(kept).append('\n');
            }
        }
        String name = first.equals(WAYS.get(0)) && second.equals(WAYS.get(0)) ? MUTUAL_EXCLUSION
                : first.name() + "Vs" + second.name();
        return test.toString().stripTrailing()
                .replace("__PAIR_NAME__", name).replace("__FIRST_CALL__", first.call())
                .replace("__FIRST__", first.constant())
                .replace("__SECOND_CALL__", second.call())
                .replace("__SECOND__", second.constant()) + "\n";
    }

    /** The line without its condition if {@code way} may fail, null if not; the line itself if it has no such condition. */
    private static String conditional(String line, String token, Way way) {
        if (line == null) {
            return null;
        }
        String condition = " // if " + token + " may fail";
        if (!line.endsWith(condition)) {
            return line;
        }
        return way.mayFail() ? line.substring(0, line.length() - condition.length()) : null;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
