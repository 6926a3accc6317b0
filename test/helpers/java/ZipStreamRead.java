import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Reads each zip named on the command line from its first byte with java.util.zip.ZipInputStream,
 * the way Apache POI and a Spring backend read a DOCX from a stream, and prints one line per entry:
 * "file<TAB>entry name<TAB>bytes read<TAB>CRC-32 of those bytes (hex)". A zip the stream cannot
 * read makes it print "FAILED<TAB>file<TAB>exception" and exit with status 1.
 * Run as a single source file: java ZipStreamRead.java a.docx b.docx
 */
public class ZipStreamRead {
  public static void main(String[] args) throws Exception {
    boolean failed = false;
    byte[] buffer = new byte[65536];
    for (String file : args) {
      try (InputStream in = new ZipInputStream(new BufferedInputStream(new FileInputStream(file)))) {
        ZipInputStream zip = (ZipInputStream) in;
        ZipEntry entry;
        while ((entry = zip.getNextEntry()) != null) {
          CRC32 crc = new CRC32();
          long size = 0;
          int read;
          while ((read = zip.read(buffer)) > 0) {
            crc.update(buffer, 0, read);
            size += read;
          }
          System.out.println(file + "\t" + entry.getName() + "\t" + size + "\t" + Long.toHexString(crc.getValue()));
        }
      } catch (Exception e) {
        failed = true;
        System.out.println("FAILED\t" + file + "\t" + e);
      }
    }
    System.exit(failed ? 1 : 0);
  }
}
