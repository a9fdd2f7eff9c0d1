/** Where profile pictures go: the contract both stores (local disk, Cloudinary) implement. */
export interface MediaStorage {
  /** Stores an image and returns the URL it is shown at. */
  save(image: Buffer, contentType: string): Promise<string>;
  /** Deletes an image this storage saved; any other URL is ignored. */
  remove(url: string): Promise<void>;
}
