import { Injectable } from '@nestjs/common';
import { ListedProfiles } from '../../creator';
import { DirectoryService } from './directory.service';

/** The creator module's port (shortlists' cards), answered from the directory's cache. */
@Injectable()
export class DirectoryListedProfiles extends ListedProfiles {
  constructor(private readonly directory: DirectoryService) {
    super();
  }

  async listedProfile(id: string) {
    return (await this.directory.listedProfile(id)).value;
  }
}
