import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.numaloom.locks.registry.LockType;
import org.numaloom.locks.LockCases;

/**
 * Writes the jcstress tests of every lock the stress suite knows, from one template: for each lock,
 * a copy of the template with the placeholder {@value #PLACEHOLDER} replaced by the lock's name, as
 * {@code org/numaloom/stress/jcstress/generated/NAME.java}. jcstress tests are classes that its
 * annotation processor compiles into runners, so the lock under test has to be fixed in the source;
 * generating the classes keeps one source of truth for every lock, including locks that a
 * LockProvider on the class path registers.
 *
 * <p>Runs at the generate-test-sources phase as a single-file program ({@code java
 * GenerateLockTests.java TEMPLATE OUTPUT_DIR}) with the module's test class path, before the test
 * sources are compiled; so it may use only the dependencies' classes, not this module's own test
 * classes. The output directory is emptied first, so that a lock that left the registry leaves no
 * test behind.
 */
public final class GenerateLockTests {
    static final String PLACEHOLDER = "__LOCK__";
    static final String PACKAGE_DIR = "org/numaloom/stress/jcstress/generated";

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java GenerateLockTests.java TEMPLATE OUTPUT_DIR");
            System.exit(2);
        }
        String template = Files.readString(Path.of(args[0]), StandardCharsets.UTF_8);
        if (!template.contains(PLACEHOLDER)) {
            throw new IllegalArgumentException(args[0] + " has no " + PLACEHOLDER + " placeholder");
        }
        Path outputDir = Path.of(args[1]);
        deleteRecursively(outputDir);
        Path packageDir = Files.createDirectories(outputDir.resolve(PACKAGE_DIR));
        for (LockType type : LockCases.withNegativeControls()) {
            Files.writeString(packageDir.resolve(type.name() + ".java"), template.replace(PLACEHOLDER, type.name()),
                    StandardCharsets.UTF_8);
        }
        System.out.println("GenerateLockTests: jcstress tests for " + LockCases.withNegativeControls().size() + " locks in " + packageDir);
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
