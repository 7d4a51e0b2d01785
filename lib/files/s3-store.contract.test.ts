import { describeFileStoreContract } from "./file-store-contract";
import { openS3Store } from "../test/s3-store";

describeFileStoreContract("S3 (s3rver)", openS3Store);
